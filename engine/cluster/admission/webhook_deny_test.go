package admission

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestWebhookDenial(t *testing.T) {
	tests := []struct {
		name    string
		result  *api.Status
		code    int
		reason  api.StatusReason
		msg     string
		kubectl string
	}{
		{"message and code", &api.Status{Code: 403, Message: "image tag latest is not allowed"}, 403, "",
			`admission webhook "policy.example.com" denied the request: image tag latest is not allowed`,
			`Error from server: admission webhook "policy.example.com" denied the request: image tag latest is not allowed`},
		{"no result", nil, 400, "",
			`admission webhook "policy.example.com" denied the request without explanation`,
			`Error from server: admission webhook "policy.example.com" denied the request without explanation`},
		{"reason only", &api.Status{Reason: api.ReasonForbidden}, 400, api.ReasonForbidden,
			`admission webhook "policy.example.com" denied the request: Forbidden`,
			`Error from server (Forbidden): admission webhook "policy.example.com" denied the request: Forbidden`},
		{"code below 400", &api.Status{Code: 200, Message: "no"}, 400, "",
			`admission webhook "policy.example.com" denied the request: no`, ""},
		{"code and reason kept", &api.Status{Code: 422, Reason: api.ReasonInvalid, Message: "bad"}, 422, api.ReasonInvalid,
			`admission webhook "policy.example.com" denied the request: bad`,
			`Error from server (Invalid): admission webhook "policy.example.com" denied the request: bad`},
	}
	for _, kind := range []string{"MutatingWebhookConfiguration", "ValidatingWebhookConfiguration"} {
		for _, tt := range tests {
			t.Run(kind+"/"+tt.name, func(t *testing.T) {
				c := newCluster(t)
				cfg := webhookConfig(kind, "policy", hook("policy.example.com", nil))
				if kind == "MutatingWebhookConfiguration" {
					c.mutating = []*object.Object{cfg}
				} else {
					c.validating = []*object.Object{cfg}
				}
				result := tt.result
				var orig api.Status
				if result != nil {
					orig = *result
				}
				c.recordCalls(func(_ Target, r *Review) (*ReviewResponse, error) {
					return &ReviewResponse{UID: r.UID, Result: result}, nil
				})
				ch := c.chain()
				a := c.podCreate(t, "demo", "web", nil)
				st := ch.Mutate(a)
				if st == nil {
					st = ch.Validate(a)
				}
				if st == nil || st.Code != tt.code || st.Reason != tt.reason || st.Message != tt.msg {
					t.Fatalf("got %d %q %q\nwant %d %q %q", code(st), reason(st), statusString(st), tt.code, tt.reason, tt.msg)
				}
				if tt.kubectl != "" && st.Kubectl() != tt.kubectl {
					t.Errorf("kubectl prints %q", st.Kubectl())
				}
				if result != nil && *result != orig {
					t.Errorf("the webhook's own status was changed to %+v", *result)
				}
			})
		}
	}
}

func code(s *api.Status) int {
	if s == nil {
		return 0
	}
	return s.Code
}

func reason(s *api.Status) api.StatusReason {
	if s == nil {
		return ""
	}
	return s.Reason
}
