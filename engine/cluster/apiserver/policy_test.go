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

// Invalid PodDisruptionBudgets get kube-apiserver v1.37's messages.
func TestPodDisruptionBudgetValidation(t *testing.T) {
	h := newHarness(t)
	const path = "/apis/policy/v1/namespaces/demo/poddisruptionbudgets"
	cases := []struct {
		spec map[string]any
		want string
	}{
		{map[string]any{"minAvailable": int64(1), "maxUnavailable": "150%", "selector": map[string]any{"matchLabels": map[string]any{"a": "b"}}},
			`PodDisruptionBudget.policy "bad" is invalid: [spec: Invalid value: {"MinAvailable":1,"Selector":{"matchLabels":{"a":"b"}},"MaxUnavailable":"150%","UnhealthyPodEvictionPolicy":null}: minAvailable and maxUnavailable cannot be both set, ` +
				`spec.maxUnavailable: Invalid value: "150%": must not be greater than 100%]`},
		{map[string]any{"minAvailable": int64(-1)},
			`PodDisruptionBudget.policy "bad" is invalid: spec.minAvailable: Invalid value: -1: must be greater than or equal to 0`},
	}
	for _, c := range cases {
		resp := h.do("alice", "POST", path, obj("policy/v1", "PodDisruptionBudget", "", "bad", map[string]any{"spec": c.spec}))
		if resp.Code != 422 || resp.Status.Message != c.want {
			t.Errorf("got %d %q\nwant 422 %q", resp.Code, resp.Status.Message, c.want)
		}
	}
}

// The eviction subresource's budget checks beyond the common path: a Pod
// two budgets select is not evicted (500); a budget whose status lags its
// generation refuses (429); a Pending Pod goes whatever the budget.
func TestEvictionBudgetChecks(t *testing.T) {
	h := newHarness(t)
	const pdbs = "/apis/policy/v1/namespaces/demo/poddisruptionbudgets"
	budget := func(name string, status map[string]any) {
		pdb := h.must(h.do("alice", "POST", pdbs, obj("policy/v1", "PodDisruptionBudget", "", name, map[string]any{
			"spec": map[string]any{"minAvailable": int64(1), "selector": map[string]any{"matchLabels": map[string]any{"app": "web"}}}}))).Object
		body := pdb.DeepCopy().ToMap()
		body["status"] = status
		h.must(h.do("alice", "PUT", pdbs+"/"+name+"/status", body))
	}
	running := func(name string) {
		p := h.must(h.do("alice", "POST", podsPath, podBody(name, map[string]any{"app": "web"}))).Object
		body := p.DeepCopy().ToMap()
		body["status"] = map[string]any{"phase": "Running"}
		h.must(h.do("alice", "PUT", podsPath+"/"+name+"/status", body))
	}
	eviction := func(name string) map[string]any {
		return obj("policy/v1", "Eviction", "", name, nil)
	}
	h.must(h.do("alice", "POST", podsPath, podBody("pending", map[string]any{"app": "web"})))
	budget("lagging", map[string]any{"observedGeneration": int64(0), "disruptionsAllowed": int64(5)})
	if resp := h.do("alice", "POST", podsPath+"/pending/eviction", eviction("pending")); resp.Code != 201 {
		t.Errorf("pending pod: %d %+v", resp.Code, resp.Status)
	}
	running("a")
	resp := h.do("alice", "POST", podsPath+"/a/eviction", eviction("a"))
	if resp.Code != 429 || resp.Status.Details.Causes[0].Message != "The disruption budget lagging is still being processed by the server." {
		t.Errorf("lagging budget: %d %+v", resp.Code, resp.Status)
	}
	budget("second", map[string]any{"observedGeneration": int64(1), "disruptionsAllowed": int64(5)})
	resp = h.do("alice", "POST", podsPath+"/a/eviction", eviction("a"))
	if want := "Internal error occurred: This pod has more than one PodDisruptionBudget, which the eviction subresource does not support."; resp.Code != 500 || resp.Status.Message != want {
		t.Errorf("two budgets: %d %q", resp.Code, resp.Status.Message)
	}
}
