package audit

import (
	"slices"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		msg        string
	}{
		{"unknown field", "apiVersion: audit.k8s.io/v1\nkind: Policy\nrulez: []\n", 3, `unknown field "rulez" in Policy`},
		{"missing level", "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n  - verbs: [get]\n", 4, "rules[0].level: Required value"},
		{"bad level", "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n  - level: Everything\n", 4,
			`rules[0].level: Unsupported value: "Everything": supported values: "None", "Metadata", "Request", "RequestResponse"`},
		{"bad stage", "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n  - level: None\n    omitStages: [Done]\n", 4,
			`rules[0].omitStages[0]: Invalid value: "Done": allowed stages are RequestReceived,ResponseStarted,ResponseComplete,Panic`},
		{"both kinds of request", "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n  - level: None\n    nonResourceURLs: [/healthz]\n    namespaces: [demo]\n", 4,
			`rules[0].nonResourceURLs: Invalid value: ["/healthz"]: rules cannot apply to both regular resources and non-resource URLs`},
		{"wildcard inside a URL", "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n  - level: None\n    nonResourceURLs: [/a*b]\n", 4,
			`rules[0].nonResourceURLs[0]: Invalid value: "/a*b": non-resource URL wildcards '*' must be the final character of the rule`},
		{"group with a version", "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n  - level: None\n    resources: [{group: apps/v1}]\n", 4, `rules[0].resources.group: Invalid value: "apps/v1"`},
		{"no rules", "apiVersion: audit.k8s.io/v1\nkind: Policy\n", 1, "loaded illegal policy with 0 rules"},
		{"wrong version", "apiVersion: audit.k8s.io/v2\nkind: Policy\nrules: [{level: None}]\n", 1, "unknown group version field audit.k8s.io/v2"},
		{"not YAML", "rules: [\n", 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode([]byte(tt.text))
			errs, ok := err.(PolicyErrors)
			if !ok || len(errs) == 0 {
				t.Fatalf("error %v (%T), want PolicyErrors", err, err)
			}
			if errs[0].Line != tt.line || !strings.Contains(errs[0].Message, tt.msg) {
				t.Errorf("got line %d %q, want line %d containing %q", errs[0].Line, errs[0].Message, tt.line, tt.msg)
			}
		})
	}
}

func TestEvaluate(t *testing.T) {
	p, err := Decode([]byte(`apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
  - level: None
    users: ["system:kube-proxy"]
  - level: None
    userGroups: ["system:nodes"]
    verbs: [get]
  - level: None
    nonResourceURLs: ["/healthz*", /version]
  - level: Request
    resources:
      - group: ""
        resources: ["pods/log", "*/status"]
  - level: RequestResponse
    namespaces: [kube-system]
    resources: [{group: "", resources: [configmaps], resourceNames: [controller-leader]}]
    omitStages: [ResponseStarted]
  - level: Metadata
    resources: [{group: apps, resources: ["deployments/*"]}]
  - level: Metadata
    resources: [{group: rbac.authorization.k8s.io}]
`))
	if err != nil {
		t.Fatal(err)
	}
	alice := &api.UserInfo{Name: "alice", Groups: []string{"developers", "system:authenticated"}}
	node := &api.UserInfo{Name: "system:node:worker-a", Groups: []string{"system:nodes"}}
	proxy := &api.UserInfo{Name: "system:kube-proxy"}
	res := func(verb, group, resource, sub, ns, name string) *api.RequestInfo {
		return &api.RequestInfo{IsResourceRequest: true, Verb: verb, APIGroup: group, Resource: resource, Subresource: sub, Namespace: ns, Name: name}
	}
	path := func(p string) *api.RequestInfo { return &api.RequestInfo{Path: p, Verb: "get"} }
	tests := []struct {
		name  string
		user  *api.UserInfo
		info  *api.RequestInfo
		level Level
		omit  []Stage
	}{
		{"user rule", proxy, res("list", "", "endpointslices", "", "", ""), LevelNone, []Stage{StageRequestReceived}},
		{"group and verb", node, res("get", "", "pods", "", "demo", "web-a"), LevelNone, []Stage{StageRequestReceived}},
		{"group, other verb falls through", node, res("patch", "", "pods", "status", "demo", "web-a"), LevelRequest, []Stage{StageRequestReceived}},
		{"non-resource prefix", alice, path("/healthz/etcd"), LevelNone, []Stage{StageRequestReceived}},
		{"non-resource exact", alice, path("/version"), LevelNone, []Stage{StageRequestReceived}},
		{"non-resource unmatched", alice, path("/readyz"), LevelNone, []Stage{StageRequestReceived}},
		{"resource/subresource", alice, res("get", "", "pods", "log", "demo", "web-a"), LevelRequest, []Stage{StageRequestReceived}},
		{"*/subresource", alice, res("update", "", "nodes", "status", "", "worker-a"), LevelRequest, []Stage{StageRequestReceived}},
		{"resourceNames and namespace, omitStages union", alice, res("update", "", "configmaps", "", "kube-system", "controller-leader"), LevelRequestResponse, []Stage{StageRequestReceived, StageResponseStarted}},
		{"resourceNames miss", alice, res("update", "", "configmaps", "", "kube-system", "other"), LevelNone, []Stage{StageRequestReceived}},
		{"resource/* matches subresources only by prefix", alice, res("update", "apps", "deployments", "scale", "demo", "web"), LevelMetadata, []Stage{StageRequestReceived}},
		{"resource/* matches the resource itself", alice, res("get", "apps", "deployments", "", "demo", "web"), LevelMetadata, []Stage{StageRequestReceived}},
		{"whole group", alice, res("create", "rbac.authorization.k8s.io", "rolebindings", "", "demo", ""), LevelMetadata, []Stage{StageRequestReceived}},
		{"no user: user rules skip", nil, res("get", "", "pods", "log", "demo", "web-a"), LevelRequest, []Stage{StageRequestReceived}},
		{"no match", alice, res("get", "", "services", "", "demo", "web"), LevelNone, []Stage{StageRequestReceived}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			level, omit := p.Evaluate(tt.user, tt.info)
			if level != tt.level || !slices.Equal(omit, tt.omit) {
				t.Errorf("got %s %v, want %s %v", level, omit, tt.level, tt.omit)
			}
		})
	}
}

func TestLevelOrder(t *testing.T) {
	if !LevelNone.Less(LevelMetadata) || !LevelMetadata.Less(LevelRequest) || !LevelRequest.Less(LevelRequestResponse) || LevelRequest.Less(LevelRequest) {
		t.Error("levels are ordered None < Metadata < Request < RequestResponse")
	}
}
