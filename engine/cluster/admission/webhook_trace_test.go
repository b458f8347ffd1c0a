package admission

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func TestWebhookTrace(t *testing.T) {
	c := newCluster(t)
	c.validating = []*object.Object{webhookConfig("ValidatingWebhookConfiguration", "policy",
		hook("deny.example.com", nil),
		hook("slow.example.com", map[string]any{"failurePolicy": "Ignore", "clientConfig": map[string]any{"url": "https://slow.example.com/check"}}),
		hook("allow.example.com", nil),
	)}
	calls := c.recordCalls(func(t Target, r *Review) (*ReviewResponse, error) {
		switch t.Webhook {
		case "deny.example.com":
			return r.Deny(403, "image tag latest is not allowed"), nil
		case "slow.example.com":
			return nil, &TimeoutError{Timeout: t.Timeout}
		}
		return r.Allow(), nil
	})
	ch := c.chain()
	a := c.podCreate(t, "demo", "web", nil)
	a.Server = "apiserver-2"
	if st := ch.Mutate(a); st != nil {
		t.Fatal(st)
	}
	st := ch.Validate(a)
	deny := `admission webhook "deny.example.com" denied the request: image tag latest is not allowed`
	if st == nil || st.Code != 403 || st.Message != deny {
		t.Fatalf("got %s", statusString(st))
	}
	// Every matching validating webhook is called, even after a denial.
	if want := []string{"deny.example.com", "slow.example.com", "allow.example.com"}; !reflect.DeepEqual(*calls, want) {
		t.Errorf("calls %v", *calls)
	}
	type ev struct {
		From, To trace.Actor
		Phase    trace.Phase
		Outcome  trace.Outcome
		Detail   string
	}
	var got []ev
	for _, e := range c.events(trace.Webhook) {
		if e.Resource != "pods" || e.Namespace != "demo" || e.Name != "web" {
			t.Errorf("event names %s %s/%s", e.Resource, e.Namespace, e.Name)
		}
		got = append(got, ev{e.From, e.To, e.Phase, e.Outcome, e.Detail})
	}
	want := []ev{
		{"apiserver-2", "policy.webhooks.svc", trace.Validating, trace.Outcome{Code: 403, Message: deny}, `webhook "deny.example.com"`},
		{"apiserver-2", "slow.example.com", trace.Validating, trace.Outcome{Reason: "Timeout",
			Message: `failed calling webhook "slow.example.com": failed to call webhook: Post "https://slow.example.com/check?timeout=10s": context deadline exceeded`},
			`webhook "slow.example.com"`},
		{"apiserver-2", "policy.webhooks.svc", trace.Validating, trace.Outcome{Code: 200}, `webhook "allow.example.com"`},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("WEBHOOK events\n got %+v\nwant %+v", got, want)
	}
	admit := c.events(trace.Admit)
	last := admit[len(admit)-1]
	if last.Phase != trace.Validating || last.Outcome.Code != 403 || last.Outcome.Message != deny || last.Detail != "ValidatingAdmissionWebhook" {
		t.Errorf("validating ADMIT = %+v", last)
	}
	// The WEBHOOK events come before the ADMIT event that reports them.
	if c.log.At(c.log.Len()-1).Verb != trace.Admit {
		t.Error("ADMIT is not the phase's last event")
	}
	if a.AuditAnnotations["failed-open.validating.webhook.admission.k8s.io/round_0_index_1"] != "slow.example.com" {
		t.Errorf("annotations %v", a.AuditAnnotations)
	}
}

func TestWebhookReview(t *testing.T) {
	c := newCluster(t)
	c.mutating = []*object.Object{webhookConfig("MutatingWebhookConfiguration", "m", hook("m.example.com", map[string]any{
		"rules": []any{map[string]any{"operations": []any{"*"}, "apiGroups": []any{"*"}, "apiVersions": []any{"*"}, "resources": []any{"*/*"}}}}))}
	var got []*Review
	c.recordCalls(func(_ Target, r *Review) (*ReviewResponse, error) {
		got = append(got, r)
		if r.Object != nil {
			r.Object.Meta.Name = "changed by the webhook"
		}
		return r.Allow(), nil
	})
	m := NewMutatingWebhook(c.config(), c.webhookOptions())
	a := c.podCreate(t, "demo", "web", nil)
	a.DryRun = true
	m.Admit(a)
	ns := object.New("v1", "Namespace")
	ns.Meta.Name = "demo"
	m.Admit(c.attrs(t, api.OpDelete, "", "namespaces", "", "demo", nil, ns))
	if len(got) != 2 {
		t.Fatalf("%d reviews", len(got))
	}
	r := got[0]
	if a.Object.Meta.Name != "web" {
		t.Error("the webhook changed the request's object through the review")
	}
	if r.UID == "" || r.UID == got[1].UID || len(r.UID) != 36 {
		t.Errorf("uids %q %q", r.UID, got[1].UID)
	}
	want := Review{UID: r.UID, Kind: GroupVersionKind{"", "v1", "Pod"}, RequestKind: GroupVersionKind{"", "v1", "Pod"},
		Resource: GroupVersionResource{"", "v1", "pods"}, RequestResource: GroupVersionResource{"", "v1", "pods"},
		Name: "web", Namespace: "demo", Operation: api.OpCreate, UserInfo: api.UserInfo{Name: "alice", Groups: []string{"system:authenticated"}},
		DryRun: true, Object: r.Object}
	if !reflect.DeepEqual(*r, want) {
		t.Errorf("review\n got %+v\nwant %+v", *r, want)
	}
	if d := got[1]; d.Namespace != "demo" || d.Name != "demo" || d.Object != nil || d.OldObject == nil || d.Operation != api.OpDelete {
		t.Errorf("namespace delete review = %+v", *d)
	}
	// UIDs come from the seeded generator: the same seed, the same UIDs.
	c2 := newCluster(t)
	c2.mutating = c.mutating
	var again []*Review
	c2.recordCalls(func(_ Target, r *Review) (*ReviewResponse, error) { again = append(again, r); return r.Allow(), nil })
	NewMutatingWebhook(c2.config(), c2.webhookOptions()).Admit(c2.podCreate(t, "demo", "web", nil))
	if again[0].UID != r.UID {
		t.Errorf("uid %q then %q", r.UID, again[0].UID)
	}
}
