package admission

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// BenchmarkChainPodCreate runs both phases of the default chain, traced,
// on a Pod create with no webhook configurations: the work every Pod write
// pays. Building the request is part of each iteration.
func BenchmarkChainPodCreate(b *testing.B) {
	c := newCluster(b)
	ch := c.chain()
	kind := c.kind(b, "", "pods")
	user := &api.UserInfo{Name: "alice"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%4096 == 0 {
			c.log.Reset()
		}
		pod := &object.Object{APIVersion: "v1", Kind: "Pod",
			Meta: object.Meta{Namespace: "demo", Name: "web"},
			Content: map[string]any{"spec": map[string]any{
				"containers": []any{map[string]any{"name": "web", "image": "nginx"}}}}}
		a := &api.AdmissionAttributes{
			Attributes: api.Attributes{User: user, RequestInfo: api.RequestInfo{APIVersion: "v1", Namespace: "demo", Resource: "pods"}},
			Operation:  api.OpCreate, Kind: kind, Object: pod,
		}
		if st := ch.Mutate(a); st != nil {
			b.Fatal(st)
		}
		if st := ch.Validate(a); st != nil {
			b.Fatal(st)
		}
	}
}

// BenchmarkChainConfigMapUpdate is the common case of a write no built-in
// acts on.
func BenchmarkChainConfigMapUpdate(b *testing.B) {
	c := newCluster(b)
	ch := c.chain()
	cm := object.New("v1", "ConfigMap")
	cm.Meta.Namespace, cm.Meta.Name = "demo", "cfg"
	a := c.attrs(b, api.OpUpdate, "", "configmaps", "demo", "cfg", cm, cm)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%4096 == 0 {
			c.log.Reset()
		}
		if st := ch.Mutate(a); st != nil {
			b.Fatal(st)
		}
		if st := ch.Validate(a); st != nil {
			b.Fatal(st)
		}
	}
}

// BenchmarkValidatingWebhookCall is one matching validating webhook that
// allows the request.
func BenchmarkValidatingWebhookCall(b *testing.B) {
	c := newCluster(b)
	c.validating = []*object.Object{webhookConfig("ValidatingWebhookConfiguration", "v", hook("v.example.com", nil))}
	c.caller = allow
	v := NewValidatingWebhook(c.config(), c.webhookOptions())
	a := c.podCreate(b, "demo", "web", nil)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%4096 == 0 {
			c.log.Reset()
		}
		if st := v.Validate(a); st != nil {
			b.Fatal(st)
		}
	}
}
