package admission

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func TestDefaultTolerationSeconds(t *testing.T) {
	notReady := map[string]any{"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": int64(300)}
	unreachable := map[string]any{"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": int64(300)}
	own := func(key, effect string, secs int64) map[string]any {
		m := map[string]any{"key": key, "operator": "Exists", "tolerationSeconds": secs}
		if effect != "" {
			m["effect"] = effect
		}
		return m
	}
	tests := []struct {
		name string
		op   api.Operation
		sub  string
		have []any
		want []any
	}{
		{"adds both", api.OpCreate, "", nil, []any{notReady, unreachable}},
		{"adds both on update", api.OpUpdate, "", nil, []any{notReady, unreachable}},
		{"keeps a not-ready toleration", api.OpCreate, "",
			[]any{own("node.kubernetes.io/not-ready", "NoExecute", 60)},
			[]any{own("node.kubernetes.io/not-ready", "NoExecute", 60), unreachable}},
		{"an empty effect tolerates NoExecute", api.OpCreate, "",
			[]any{own("node.kubernetes.io/unreachable", "", 10)},
			[]any{own("node.kubernetes.io/unreachable", "", 10), notReady}},
		{"an empty key tolerates both", api.OpCreate, "",
			[]any{own("", "NoExecute", 5)}, []any{own("", "NoExecute", 5)}},
		{"NoSchedule does not count", api.OpCreate, "",
			[]any{own("node.kubernetes.io/not-ready", "NoSchedule", 1)},
			[]any{own("node.kubernetes.io/not-ready", "NoSchedule", 1), notReady, unreachable}},
		{"subresources pass", api.OpUpdate, "status", nil, nil},
		{"deletes pass", api.OpDelete, "", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			spec := map[string]any{"containers": []any{ctr("web")}}
			if tt.have != nil {
				spec["tolerations"] = tt.have
			}
			a := c.podCreate(t, "demo", "web", spec)
			a.Operation, a.Subresource = tt.op, tt.sub
			before := a.Object.DeepCopy()
			var ch trace.Change
			if st := NewDefaultTolerationSeconds().AdmitChanges(a, &ch); st != nil {
				t.Fatal(st)
			}
			if got := listOf(a.Object.Spec()["tolerations"]); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("tolerations = %v\nwant %v", got, tt.want)
			}
			if want := diffChanges(before, a.Object); !sameChanges(ch, want) {
				t.Errorf("reported %+v, diff shows %+v", ch, want)
			}
		})
	}
}
