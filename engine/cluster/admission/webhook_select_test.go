package admission

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestWebhookSelection(t *testing.T) {
	labeled := func(kind string, labels map[string]string) *object.Object {
		o := object.New("v1", kind)
		o.Meta.Name, o.Meta.Labels = "x", labels
		return o
	}
	sel := func(k, v string) map[string]any {
		return map[string]any{"matchLabels": map[string]any{k: v}}
	}
	every := map[string]any{"rules": []any{map[string]any{"operations": []any{"*"}, "apiGroups": []any{"*"},
		"apiVersions": []any{"*"}, "resources": []any{"*/*"}}}}
	with := func(extra map[string]any) map[string]any {
		m := map[string]any{}
		for k, v := range every {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	tests := []struct {
		name   string
		hook   map[string]any
		attrs  func(c *cluster, t *testing.T) *api.AdmissionAttributes
		called bool
		status string
	}{
		{"rules match", nil, func(c *cluster, t *testing.T) *api.AdmissionAttributes { return c.podCreate(t, "demo", "web", nil) }, true, ""},
		{"rules do not match", nil, func(c *cluster, t *testing.T) *api.AdmissionAttributes {
			return c.attrs(t, api.OpCreate, "", "configmaps", "demo", "cfg", labeled("ConfigMap", nil), nil)
		}, false, ""},
		{"namespace labels match", map[string]any{"namespaceSelector": sel("env", "prod")},
			func(c *cluster, t *testing.T) *api.AdmissionAttributes { return c.podCreate(t, "demo", "web", nil) }, true, ""},
		{"namespace labels do not match", map[string]any{"namespaceSelector": sel("env", "dev")},
			func(c *cluster, t *testing.T) *api.AdmissionAttributes { return c.podCreate(t, "demo", "web", nil) }, false, ""},
		{"namespace expression", map[string]any{"namespaceSelector": map[string]any{"matchExpressions": []any{
			map[string]any{"key": "env", "operator": "NotIn", "values": []any{"prod"}}}}},
			func(c *cluster, t *testing.T) *api.AdmissionAttributes { return c.podCreate(t, "default", "web", nil) }, true, ""},
		{"missing namespace is 404", map[string]any{"namespaceSelector": sel("env", "prod")},
			func(c *cluster, t *testing.T) *api.AdmissionAttributes { return c.podCreate(t, "ghost", "web", nil) }, false,
			`Error from server (NotFound): namespaces "ghost" not found`},
		{"missing namespace, rules do not match", with(map[string]any{"namespaceSelector": sel("env", "prod"), "rules": []any{}}),
			func(c *cluster, t *testing.T) *api.AdmissionAttributes { return c.podCreate(t, "ghost", "web", nil) }, false, ""},
		{"cluster-scoped ignores the namespace selector", with(map[string]any{"namespaceSelector": sel("env", "prod")}),
			func(c *cluster, t *testing.T) *api.AdmissionAttributes {
				return c.attrs(t, api.OpCreate, "", "nodes", "", "n1", labeled("Node", nil), nil)
			}, true, ""},
		{"a namespace being created is matched by its own labels", with(map[string]any{"namespaceSelector": sel("team", "a")}),
			func(c *cluster, t *testing.T) *api.AdmissionAttributes {
				return c.attrs(t, api.OpCreate, "", "namespaces", "", "new", labeled("Namespace", map[string]string{"team": "a"}), nil)
			}, true, ""},
		{"a namespace being deleted is matched by its stored labels", with(map[string]any{"namespaceSelector": sel("env", "prod")}),
			func(c *cluster, t *testing.T) *api.AdmissionAttributes {
				return c.attrs(t, api.OpDelete, "", "namespaces", "", "demo", nil, labeled("Namespace", nil))
			}, true, ""},
		{"object labels match", with(map[string]any{"objectSelector": sel("app", "web")}),
			func(c *cluster, t *testing.T) *api.AdmissionAttributes {
				return c.attrs(t, api.OpCreate, "", "configmaps", "demo", "x", labeled("ConfigMap", map[string]string{"app": "web"}), nil)
			}, true, ""},
		{"old object labels match", with(map[string]any{"objectSelector": sel("app", "web")}),
			func(c *cluster, t *testing.T) *api.AdmissionAttributes {
				return c.attrs(t, api.OpUpdate, "", "configmaps", "demo", "x", labeled("ConfigMap", nil), labeled("ConfigMap", map[string]string{"app": "web"}))
			}, true, ""},
		{"object labels do not match", with(map[string]any{"objectSelector": sel("app", "web")}),
			func(c *cluster, t *testing.T) *api.AdmissionAttributes {
				return c.attrs(t, api.OpDelete, "", "configmaps", "demo", "x", nil, labeled("ConfigMap", map[string]string{"app": "db"}))
			}, false, ""},
		{"webhook configurations are exempt", every,
			func(c *cluster, t *testing.T) *api.AdmissionAttributes {
				o := webhookConfig("ValidatingWebhookConfiguration", "x")
				return c.attrs(t, api.OpCreate, "admissionregistration.k8s.io", "validatingwebhookconfigurations", "", "x", o, nil)
			}, false, ""},
		{"mutating configurations are exempt", every,
			func(c *cluster, t *testing.T) *api.AdmissionAttributes {
				o := webhookConfig("MutatingWebhookConfiguration", "x")
				return c.attrs(t, api.OpDelete, "admissionregistration.k8s.io", "mutatingwebhookconfigurations", "", "x", nil, o)
			}, false, ""},
	}
	for _, kind := range []string{"MutatingWebhookConfiguration", "ValidatingWebhookConfiguration"} {
		for _, tt := range tests {
			t.Run(kind+"/"+tt.name, func(t *testing.T) {
				c := newCluster(t)
				cfg := webhookConfig(kind, "policy", hook("policy.example.com", tt.hook))
				if kind == "MutatingWebhookConfiguration" {
					c.mutating = []*object.Object{cfg}
				} else {
					c.validating = []*object.Object{cfg}
				}
				calls := c.recordCalls(allow)
				ch := NewChain(c.config(), NewMutatingWebhook(c.config(), c.webhookOptions()), NewValidatingWebhook(c.config(), c.webhookOptions()))
				a := tt.attrs(c, t)
				st := ch.Mutate(a)
				if st == nil {
					st = ch.Validate(a)
				}
				if got := statusString(st); (st != nil || tt.status != "") && got != tt.status {
					t.Fatalf("status %s, want %s", got, tt.status)
				}
				if called := len(*calls) == 1; called != tt.called {
					t.Errorf("called = %v, want %v", called, tt.called)
				}
			})
		}
	}
}

func (c *cluster) webhookOptions() WebhookOptions {
	d := c.deps()
	return WebhookOptions{Configs: d.Webhooks, Namespaces: d.Namespaces, Caller: d.Caller, NewUID: UIDFunc(c.rand), Registry: c.registry}
}

func TestWebhookOrderAndEquivalentVersions(t *testing.T) {
	c := newCluster(t)
	reg := object.NewRegistry()
	for _, v := range []string{"v1", "v2"} {
		reg.MustRegister(&object.KindInfo{Group: "example.com", Version: v, Kind: "Widget", Resource: "widgets", Singular: "widget", Namespaced: true})
	}
	c.registry = reg
	v1Only := func(name, policy string) map[string]any {
		return hook(name, map[string]any{"matchPolicy": policy, "rules": []any{map[string]any{
			"operations": []any{"CREATE"}, "apiGroups": []any{"example.com"}, "apiVersions": []any{"v1"}, "resources": []any{"widgets"}}}})
	}
	// Configurations run sorted by name; webhooks in their order.
	c.validating = []*object.Object{
		webhookConfig("ValidatingWebhookConfiguration", "zz", v1Only("z1", "Equivalent")),
		webhookConfig("ValidatingWebhookConfiguration", "aa", v1Only("a1", "Exact"), v1Only("a2", "Equivalent")),
	}
	var reviews []*Review
	c.recordCalls(func(_ Target, r *Review) (*ReviewResponse, error) {
		reviews = append(reviews, r)
		return r.Allow(), nil
	})
	w := object.New("example.com/v2", "Widget")
	w.Meta.Namespace, w.Meta.Name = "demo", "w"
	k, _ := reg.ByGVR("example.com", "v2", "widgets")
	a := &api.AdmissionAttributes{Attributes: api.Attributes{RequestInfo: api.RequestInfo{APIGroup: "example.com", APIVersion: "v2",
		Resource: "widgets", Namespace: "demo"}}, Operation: api.OpCreate, Kind: k, Object: w}
	if st := NewValidatingWebhook(c.config(), c.webhookOptions()).Validate(a); st != nil {
		t.Fatal(st)
	}
	var got []string
	for _, r := range reviews {
		got = append(got, r.Resource.Version+"/"+r.Kind.Version+" from "+r.RequestResource.Version)
	}
	// a1 is Exact and does not match v2; a2 and z1 are called for v1.
	if want := []string{"v1/v1 from v2", "v1/v1 from v2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("reviews %v, want %v", got, want)
	}
}
