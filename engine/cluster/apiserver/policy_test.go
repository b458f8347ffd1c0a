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

// Invalid LimitRanges get kube-apiserver v1.37's 422 messages, after the
// item defaults (a default limit from max, a default request from the
// default limit) are applied.
func TestLimitRangeValidation(t *testing.T) {
	h := newHarness(t)
	body := func(item map[string]any) map[string]any {
		return obj("v1", "LimitRange", "", "bad", map[string]any{"spec": map[string]any{"limits": []any{item}}})
	}
	const prefix = `LimitRange "bad" is invalid: `
	cases := []struct {
		item map[string]any
		want string
	}{
		{map[string]any{"type": "Bogus", "max": map[string]any{"cpu": "1"}},
			`spec.limits[0].type: Invalid value: "Bogus": must be a standard limit type or fully qualified`},
		{map[string]any{"type": "Container", "max": map[string]any{"cpu": "1"}, "min": map[string]any{"cpu": "2"}},
			`[spec.limits[0].min[cpu]: Invalid value: "2": min value 2 is greater than max value 1, ` +
				`spec.limits[0].defaultRequest[cpu]: Invalid value: "1": min value 2 is greater than default request value 1, ` +
				`spec.limits[0].default[cpu]: Invalid value: "2": min value 2 is greater than default value 1]`},
		{map[string]any{"type": "Container", "default": map[string]any{"cpu": "500m"}, "defaultRequest": map[string]any{"cpu": "1"}, "max": map[string]any{"cpu": "2"}},
			`spec.limits[0].defaultRequest[cpu]: Invalid value: "1": default request value 1 is greater than default limit value 500m`},
		{map[string]any{"type": "Container", "default": map[string]any{"cpu": "3"}, "max": map[string]any{"cpu": "2"}},
			`[spec.limits[0].defaultRequest[cpu]: Invalid value: "3": default request value 3 is greater than max value 2, ` +
				`spec.limits[0].default[cpu]: Invalid value: "2": default value 3 is greater than max value 2]`},
		{map[string]any{"type": "Pod", "default": map[string]any{"cpu": "1"}},
			"spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'"},
		{map[string]any{"type": "Container", "maxLimitRequestRatio": map[string]any{"cpu": "500m"}},
			`spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: "500m": ratio 500m is less than 1`},
	}
	for _, c := range cases {
		resp := h.do("alice", "POST", "/api/v1/namespaces/demo/limitranges", body(c.item))
		if resp.Code != 422 || resp.Status.Message != prefix+c.want {
			t.Errorf("got %d %q\nwant 422 %q", resp.Code, resp.Status.Message, prefix+c.want)
		}
	}
}

// A ControllerRevision must have data, a revision of at least 0, and
// keeps its data.
func TestControllerRevisionValidation(t *testing.T) {
	h := newHarness(t)
	const path = "/apis/apps/v1/namespaces/demo/controllerrevisions"
	resp := h.do("alice", "POST", path, obj("apps/v1", "ControllerRevision", "", "web-1", map[string]any{"revision": int64(-1)}))
	want := `ControllerRevision.apps "web-1" is invalid: [revision: Invalid value: -1: must be greater than or equal to 0, data: Required value: data is mandatory]`
	if resp.Code != 422 || resp.Status.Message != want {
		t.Errorf("got %d %q\nwant 422 %q", resp.Code, resp.Status.Message, want)
	}
	h.must(h.do("alice", "POST", path, obj("apps/v1", "ControllerRevision", "", "web-2", map[string]any{"revision": int64(1), "data": map[string]any{"a": "b"}})))
	resp = h.req(&api.Request{From: "alice", Method: "PATCH", Path: path + "/web-2", PatchType: api.MergePatch, Patch: map[string]any{"data": map[string]any{"a": "c"}}}, nil)
	if want := `ControllerRevision.apps "web-2" is invalid: data: Invalid value: {"a":"c"}: field is immutable`; resp.Code != 422 || resp.Status.Message != want {
		t.Errorf("changing data: %d %q", resp.Code, resp.Status.Message)
	}
}
