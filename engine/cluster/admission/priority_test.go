package admission

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func TestPriority(t *testing.T) {
	high := PriorityClass{Name: "high", Value: 1000, PreemptionPolicy: "Never"}
	def := PriorityClass{Name: "standard", Value: 10, GlobalDefault: true, PreemptionPolicy: PreemptLowerPriority}
	low := PriorityClass{Name: "low-default", Value: 5, GlobalDefault: true}
	tests := []struct {
		name       string
		classes    []PriorityClass
		spec       map[string]any
		priority   any
		preemption any
		className  any
		msg        string
	}{
		{"no class, no default", nil, map[string]any{}, int64(0), PreemptLowerPriority, nil, ""},
		{"global default", []PriorityClass{high, def}, map[string]any{}, int64(10), PreemptLowerPriority, "standard", ""},
		{"lowest global default wins", []PriorityClass{def, low}, map[string]any{}, int64(5), nil, "low-default", ""},
		{"named class", []PriorityClass{high}, map[string]any{"priorityClassName": "high"}, int64(1000), "Never", "high", ""},
		{"system class", nil, map[string]any{"priorityClassName": "system-node-critical"}, int64(2000001000), PreemptLowerPriority, "system-node-critical", ""},
		{"unknown class", nil, map[string]any{"priorityClassName": "gold"}, nil, nil, "gold",
			`pods "web" is forbidden: no PriorityClass with name gold was found`},
		{"conflicting priority", []PriorityClass{high}, map[string]any{"priorityClassName": "high", "priority": int64(7)}, int64(7), nil, "high",
			`pods "web" is forbidden: the integer value of priority (7) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name`},
		{"matching priority", []PriorityClass{high}, map[string]any{"priorityClassName": "high", "priority": int64(1000)}, int64(1000), "Never", "high", ""},
		{"conflicting policy", []PriorityClass{high}, map[string]any{"priorityClassName": "high", "preemptionPolicy": PreemptLowerPriority}, int64(1000), PreemptLowerPriority, "high",
			`pods "web" is forbidden: the string value of PreemptionPolicy (PreemptLowerPriority) must not be provided in pod spec; priority admission controller computed Never from the given PriorityClass name`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			tt.spec["containers"] = []any{ctr("web")}
			a := c.podCreate(t, "demo", "web", tt.spec)
			classes := tt.classes
			p := NewPriority(PriorityClassesFunc(func() []PriorityClass { return classes }))
			before := a.Object.DeepCopy()
			var ch trace.Change
			st := p.AdmitChanges(a, &ch)
			if tt.msg != "" {
				if st == nil || st.Code != 403 || st.Message != tt.msg {
					t.Fatalf("got %s\nwant %s", statusString(st), tt.msg)
				}
				return
			}
			if st != nil {
				t.Fatal(st)
			}
			spec := a.Object.Spec()
			if spec["priority"] != tt.priority || spec["preemptionPolicy"] != tt.preemption || spec["priorityClassName"] != tt.className {
				t.Errorf("priority %v policy %v class %v", spec["priority"], spec["preemptionPolicy"], spec["priorityClassName"])
			}
			if want := diffChanges(before, a.Object); !sameChanges(ch, want) {
				t.Errorf("reported %+v, diff shows %+v", ch, want)
			}
		})
	}
	t.Run("update keeps the stored values", func(t *testing.T) {
		c := newCluster(t)
		old := c.podCreate(t, "demo", "web", map[string]any{"containers": []any{ctr("web")}, "priority": int64(10), "preemptionPolicy": "Never"}).Object
		a := c.podCreate(t, "demo", "web", nil)
		a.Operation, a.OldObject = api.OpUpdate, old
		if st := NewPriority(nil).Admit(a); st != nil {
			t.Fatal(st)
		}
		if s := a.Object.Spec(); s["priority"] != int64(10) || s["preemptionPolicy"] != "Never" {
			t.Errorf("spec = %v", s)
		}
	})
}
