package auth

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

func TestPolicyRuleAllows(t *testing.T) {
	res := func(verb, group, resource, sub, name string) api.Attributes {
		return api.Attributes{RequestInfo: api.RequestInfo{IsResourceRequest: true, Verb: verb,
			APIGroup: group, Resource: resource, Subresource: sub, Name: name}}
	}
	path := func(verb, p string) api.Attributes {
		return api.Attributes{RequestInfo: api.RequestInfo{Verb: verb, Path: p}}
	}
	tests := []struct {
		name  string
		rule  PolicyRule
		attrs api.Attributes
		want  bool
	}{
		{"exact", rule("get").groups("").resources("pods"), res("get", "", "pods", "", "web"), true},
		{"verb wildcard", rule("*").groups("").resources("pods"), res("deletecollection", "", "pods", "", ""), true},
		{"other verb", rule("get").groups("").resources("pods"), res("list", "", "pods", "", ""), false},
		{"group wildcard", rule("get").groups("*").resources("deployments"), res("get", "apps", "deployments", "", ""), true},
		{"other group", rule("get").groups("").resources("deployments"), res("get", "apps", "deployments", "", ""), false},
		{"resource wildcard covers subresources", rule("get").groups("").resources("*"), res("get", "", "pods", "log", "web"), true},
		{"resource does not cover its subresources", rule("get").groups("").resources("pods"), res("get", "", "pods", "log", "web"), false},
		{"resource/subresource", rule("get").groups("").resources("pods/log"), res("get", "", "pods", "log", "web"), true},
		{"resource/subresource is not the resource", rule("get").groups("").resources("pods/log"), res("get", "", "pods", "", "web"), false},
		{"*/subresource", rule("update").groups("*").resources("*/scale"), res("update", "apps", "deployments", "scale", "web"), true},
		{"*/subresource is not the resource", rule("update").groups("*").resources("*/scale"), res("update", "apps", "deployments", "", "web"), false},
		{"*/other subresource", rule("update").groups("*").resources("*/scale"), res("update", "apps", "deployments", "status", "web"), false},
		{"subresource with a longer name", rule("get").groups("").resources("pods/status"), res("get", "", "pod", "s/status", ""), false},
		{"resourceNames", rule("get").groups("").resources("configmaps").names("a", "b"), res("get", "", "configmaps", "", "b"), true},
		{"resourceNames, other name", rule("get").groups("").resources("configmaps").names("a"), res("get", "", "configmaps", "", "c"), false},
		{"resourceNames, no name", rule("list").groups("").resources("configmaps").names("a"), res("list", "", "configmaps", "", ""), false},
		{"resource rule on a path", rule("get").groups("*").resources("*"), path("get", "/metrics"), false},
		{"path", rule("get").urls("/metrics"), path("get", "/metrics"), true},
		{"path prefix", rule("get").urls("/apis/*"), path("get", "/apis/apps/v1"), true},
		{"path prefix needs the prefix", rule("get").urls("/apis/*"), path("get", "/apis"), false},
		{"path wildcard", rule("*").urls("*"), path("post", "/anything"), true},
		{"path rule on a resource", rule("get").urls("*"), res("get", "", "pods", "", ""), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.rule.Allows(&tt.attrs); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestPolicyRuleRoundTrip(t *testing.T) {
	rules := []PolicyRule{
		rule("get", "list", "get").groups("apps", "").resources("deployments", "deployments/scale").names("web"),
		rule("get").urls("/healthz", "/api/*"),
	}
	got := RulesOf(role("", "r", rules...))
	if !equalRules(got, rules) {
		t.Errorf("got %v, want %v", got, rules)
	}
	if v := rules[0].Verbs; len(v) != 2 || v[0] != "get" || v[1] != "list" {
		t.Errorf("verbs not deduplicated and sorted: %v", v)
	}
}

// RulesOf skips what is not a string, leaves an empty list nil, and gives
// each list its own end: appending to one never changes the next.
func TestRulesOfListsAreTheirOwn(t *testing.T) {
	o := role("", "r")
	o.Content["rules"] = []any{
		map[string]any{"verbs": []any{"get", 3, "list"}, "apiGroups": []any{}, "resources": []any{"pods"}},
		"not a rule",
		map[string]any{"verbs": []any{"watch"}, "nonResourceURLs": []any{"/healthz"}},
	}
	got := RulesOf(o)
	want := []PolicyRule{
		{Verbs: []string{"get", "list"}, Resources: []string{"pods"}},
		{Verbs: []string{"watch"}, NonResourceURLs: []string{"/healthz"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("RulesOf = %#v\nwant %#v", got, want)
	}
	_ = append(got[0].Verbs, "create")
	_ = append(got[0].Resources, "nodes")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("appending to a list changed another: %#v", got)
	}
}

func TestFieldEquals(t *testing.T) {
	tests := []struct {
		sel  string
		want bool
	}{
		{"spec.nodeName=worker-a", true},
		{"spec.nodeName==worker-a", true},
		{"status.phase=Running,spec.nodeName=worker-a", true},
		{"spec.nodeName!=worker-a", false},
		{"spec.nodeName=worker-b", false},
		{"spec.nodeName=worker-ab", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := fieldEquals(tt.sel, "spec.nodeName", "worker-a"); got != tt.want {
			t.Errorf("%q: got %v, want %v", tt.sel, got, tt.want)
		}
	}
}

func TestSelectorsReachAttributes(t *testing.T) {
	req := &api.Request{Method: "GET", Path: "/api/v1/pods", List: api.ListOptions{FieldSelector: "spec.nodeName=a", LabelSelector: "app=web", Watch: true}}
	if info := api.ParseRequestInfo(req); info.FieldSelector != "spec.nodeName=a" || info.LabelSelector != "app=web" {
		t.Errorf("list selectors: %+v", info)
	}
	req.Path = "/api/v1/namespaces/demo/pods/web"
	if info := api.ParseRequestInfo(req); info.FieldSelector != "" || info.LabelSelector != "" {
		t.Errorf("a get keeps selectors: %+v", info)
	}
}
