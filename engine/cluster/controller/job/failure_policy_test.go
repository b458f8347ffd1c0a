package job

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestMatchFailurePolicy(t *testing.T) {
	terminated := func(name string, code int64) any {
		return map[string]any{"name": name, "state": map[string]any{"terminated": map[string]any{"exitCode": code}}}
	}
	pod := func(status map[string]any) *object.Object {
		p := object.New("v1", "Pod")
		p.Meta.Namespace, p.Meta.Name = "demo", "pi-x"
		p.Content["status"] = status
		return p
	}
	rule := func(action string, onExit map[string]any, conds ...any) any {
		r := map[string]any{"action": action}
		if onExit != nil {
			r["onExitCodes"] = onExit
		}
		if len(conds) > 0 {
			r["onPodConditions"] = conds
		}
		return r
	}
	in := func(op string, codes ...int64) map[string]any {
		vs := make([]any, len(codes))
		for i, c := range codes {
			vs[i] = c
		}
		return map[string]any{"operator": op, "values": vs}
	}
	spec := map[string]any{"podFailurePolicy": map[string]any{"rules": []any{
		rule("Ignore", nil, map[string]any{"type": "DisruptionTarget", "status": "True"}),
		rule("FailJob", map[string]any{"containerName": "main", "operator": "In", "values": []any{int64(42)}}),
		rule("Count", in("In", 42)),
		rule("FailJob", in("NotIn", 1, 2)),
	}}}
	cases := []struct {
		name   string
		status map[string]any
		want   policyMatch
	}{
		{"disruption ignored", map[string]any{"conditions": []any{map[string]any{"type": "DisruptionTarget", "status": "True"}},
			"containerStatuses": []any{terminated("main", 42)}}, policyMatch{action: "Ignore"}},
		{"the named container", map[string]any{"containerStatuses": []any{terminated("main", 42)}},
			policyMatch{action: "FailJob", counts: true, failJob: "Container main for pod demo/pi-x failed with exit code 42 matching FailJob rule at index 1"}},
		{"another container, same code", map[string]any{"containerStatuses": []any{terminated("side", 42)}}, policyMatch{action: "Count", counts: true}},
		{"an init container, by NotIn", map[string]any{"initContainerStatuses": []any{terminated("setup", 7)}},
			policyMatch{action: "FailJob", counts: true, failJob: "Container setup for pod demo/pi-x failed with exit code 7 matching FailJob rule at index 3"}},
		{"exit code 0 never matches", map[string]any{"containerStatuses": []any{terminated("main", 0)}}, policyMatch{counts: true}},
		{"no rule", map[string]any{"containerStatuses": []any{terminated("main", 1)}}, policyMatch{counts: true}},
		{"still running", map[string]any{"containerStatuses": []any{map[string]any{"name": "main", "state": map[string]any{"running": map[string]any{}}}}}, policyMatch{counts: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := matchFailurePolicy(spec, pod(c.status)); got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
	if got := matchFailurePolicy(map[string]any{}, pod(map[string]any{})); got != (policyMatch{counts: true}) {
		t.Errorf("without a policy: %+v", got)
	}
}
