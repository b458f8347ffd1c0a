package apiserver

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

const quotasPath = "/api/v1/namespaces/demo/resourcequotas"

// Invalid ResourceQuotas get kube-apiserver v1.37's 422 messages, in its
// order; a valid one is stored without a status (the controller writes
// it).
func TestResourceQuotaValidation(t *testing.T) {
	h := newHarness(t)
	body := func(hard map[string]any, scopes ...any) map[string]any {
		spec := map[string]any{"hard": hard}
		if len(scopes) > 0 {
			spec["scopes"] = scopes
		}
		return obj("v1", "ResourceQuota", "", "bad", map[string]any{"spec": spec})
	}
	resp := h.do("alice", "POST", quotasPath, body(map[string]any{"pods": "-1", "foo": "1"}, "Bogus"))
	want := `ResourceQuota "bad" is invalid: [spec.hard[foo]: Invalid value: "foo": must be a standard resource type or fully qualified, ` +
		`spec.hard[foo]: Invalid value: "foo": must be a standard resource for quota, ` +
		`spec.hard[pods]: Invalid value: "-1": must be greater than or equal to 0, ` +
		`spec.scopes: Invalid value: ["Bogus"]: unsupported scope]`
	if resp.Code != 422 || resp.Status.Reason != api.ReasonInvalid || resp.Status.Message != want {
		t.Errorf("got %d %s %q\nwant 422 Invalid %q", resp.Code, resp.Status.Reason, resp.Status.Message, want)
	}
	ok := h.must(h.do("alice", "POST", quotasPath, obj("v1", "ResourceQuota", "", "compute", map[string]any{
		"spec":   map[string]any{"hard": map[string]any{"pods": "2", "count/deployments.apps": "1"}},
		"status": map[string]any{"used": map[string]any{"pods": "9"}}})))
	if st := ok.Object.Status(); st != nil {
		t.Errorf("status %v stored at creation", st)
	}
}
