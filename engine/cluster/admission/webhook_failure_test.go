package admission

import (
	"errors"
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestWebhookCallFailures(t *testing.T) {
	const url = `https://policy.webhooks.svc:443/validate?timeout=10s`
	tests := []struct {
		name   string
		answer func(Target, *Review) (*ReviewResponse, error)
		extra  map[string]any
		reason string // after `failed calling webhook "policy.example.com": `
	}{
		{"timeout", func(t Target, _ *Review) (*ReviewResponse, error) { return nil, &TimeoutError{Timeout: t.Timeout} }, nil,
			`failed to call webhook: Post "` + url + `": context deadline exceeded`},
		{"timeout after 30s", func(t Target, _ *Review) (*ReviewResponse, error) { return nil, &TimeoutError{Timeout: t.Timeout} },
			map[string]any{"timeoutSeconds": int64(30)},
			`failed to call webhook: Post "https://policy.webhooks.svc:443/validate?timeout=30s": context deadline exceeded`},
		{"no endpoints", func(Target, *Review) (*ReviewResponse, error) { return nil, NoEndpoints("policy") }, nil,
			`failed to call webhook: Post "` + url + `": no endpoints available for service "policy"`},
		{"connection refused", func(Target, *Review) (*ReviewResponse, error) { return nil, ConnectionRefused("10.96.0.12:443") }, nil,
			`failed to call webhook: Post "` + url + `": dial tcp 10.96.0.12:443: connect: connection refused`},
		{"service not found", func(Target, *Review) (*ReviewResponse, error) { return nil, ServiceNotFound("policy") }, nil,
			`failed to call webhook: Post "` + url + `": service "policy" not found`},
		{"other error", func(Target, *Review) (*ReviewResponse, error) { return nil, errors.New("EOF") }, nil,
			`failed to call webhook: Post "` + url + `": EOF`},
		{"absent response", func(Target, *Review) (*ReviewResponse, error) { return nil, nil }, nil,
			`received invalid webhook response: webhook response was absent`},
		{"wrong uid", func(Target, *Review) (*ReviewResponse, error) { return &ReviewResponse{UID: "x", Allowed: true}, nil }, nil,
			`received invalid webhook response: expected response.uid="UID", got "x"`},
		{"no known review version", allow, map[string]any{"admissionReviewVersions": []any{"v2"}},
			`could not create admission objects: webhook does not accept known AdmissionReview versions (v1, v1beta1)`},
	}
	for _, kind := range []string{"MutatingWebhookConfiguration", "ValidatingWebhookConfiguration"} {
		prefix := "failed-open.validating.webhook.admission.k8s.io/round_0_index_1"
		if kind == "MutatingWebhookConfiguration" {
			prefix = "failed-open.mutation.webhook.admission.k8s.io/round_0_index_1"
		}
		for _, tt := range tests {
			for _, policy := range []string{"Fail", "Ignore"} {
				t.Run(kind+"/"+tt.name+"/"+policy, func(t *testing.T) {
					c := newCluster(t)
					extra := map[string]any{"failurePolicy": policy}
					for k, v := range tt.extra {
						extra[k] = v
					}
					cfg := webhookConfig(kind, "policy", hook("other.example.com", map[string]any{"rules": []any{}}), hook("policy.example.com", extra))
					if kind == "MutatingWebhookConfiguration" {
						c.mutating = []*object.Object{cfg}
					} else {
						c.validating = []*object.Object{cfg}
					}
					var uid string
					c.recordCalls(func(t Target, r *Review) (*ReviewResponse, error) { uid = r.UID; return tt.answer(t, r) })
					ch := c.chain()
					a := c.podCreate(t, "demo", "web", nil)
					st := ch.Mutate(a)
					if st == nil {
						st = ch.Validate(a)
					}
					if policy == "Ignore" {
						if st != nil {
							t.Fatalf("failurePolicy Ignore rejected: %s", st.Message)
						}
						if got := a.AuditAnnotations[prefix]; got != "policy.example.com" {
							t.Errorf("annotations = %v", a.AuditAnnotations)
						}
						return
					}
					want := `Internal error occurred: failed calling webhook "policy.example.com": ` +
						replaceUID(tt.reason, uid)
					if st == nil || st.Code != 500 || st.Reason != api.ReasonInternalError || st.Message != want {
						t.Fatalf("got  %s\nwant 500 InternalError %s", statusString(st), want)
					}
					if cause := st.Details.Causes; !reflect.DeepEqual(cause, []api.StatusCause{{Message: want[len("Internal error occurred: "):]}}) {
						t.Errorf("causes = %+v", cause)
					}
					if _, ok := a.AuditAnnotations[prefix]; ok {
						t.Error("failing closed added the failed-open annotation")
					}
				})
			}
		}
	}
}

func replaceUID(s, uid string) string {
	for i := 0; i+3 <= len(s); i++ {
		if s[i:i+3] == "UID" {
			return s[:i] + uid + s[i+3:]
		}
	}
	return s
}
