package admission

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestDefaultTolerationsAreShared checks that every Pod's added
// tolerations are the plugin's two maps themselves, not copies, and that
// admitting Pods leaves those maps as they were.
func TestDefaultTolerationsAreShared(t *testing.T) {
	tests := []struct {
		name string
		op   api.Operation
		pods []string
	}{
		{"creates", api.OpCreate, []string{"a", "b", "c"}},
		{"updates", api.OpUpdate, []string{"d", "e"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			for _, name := range tt.pods {
				a := c.podCreate(t, "demo", name, map[string]any{"containers": []any{ctr("web")}})
				a.Operation = tt.op
				if st := NewDefaultTolerationSeconds().AdmitChanges(a, &trace.Change{}); st != nil {
					t.Fatal(st)
				}
				got := listOf(a.Object.Spec()["tolerations"])
				if len(got) != 2 {
					t.Fatalf("%s: tolerations = %v, want 2", name, got)
				}
				for i, want := range []map[string]any{notReadyToleration, unreachableToleration} {
					if reflect.ValueOf(got[i]).Pointer() != reflect.ValueOf(want).Pointer() {
						t.Errorf("%s: toleration %d is a copy, not the shared map", name, i)
					}
				}
			}
			if !reflect.DeepEqual(notReadyToleration, toleration(TaintNodeNotReady, DefaultNotReadyTolerationSecs)) ||
				!reflect.DeepEqual(unreachableToleration, toleration(TaintNodeUnreachable, DefaultUnreachableTolerationSecs)) {
				t.Errorf("shared tolerations changed: %v, %v", notReadyToleration, unreachableToleration)
			}
		})
	}
}
