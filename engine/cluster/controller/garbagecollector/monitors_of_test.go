package garbagecollector

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestMonitorsOf(t *testing.T) {
	a, b, c := &object.KindInfo{Kind: "A"}, &object.KindInfo{Kind: "B"}, &object.KindInfo{Kind: "C"}
	mons := func(ks ...*object.KindInfo) []*monitor {
		var out []*monitor
		for _, k := range ks {
			out = append(out, &monitor{kind: k})
		}
		return out
	}
	tests := []struct {
		name  string
		ms    []*monitor
		kinds []*object.KindInfo
		want  bool
	}{
		{"none of none", nil, nil, true},
		{"the same, in order", mons(a, b), []*object.KindInfo{a, b}, true},
		{"one to add", mons(a), []*object.KindInfo{a, b}, false},
		{"one to remove", mons(a, b), []*object.KindInfo{a}, false},
		{"another kind", mons(a, c), []*object.KindInfo{a, b}, false},
		{"another order", mons(b, a), []*object.KindInfo{a, b}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := monitorsOf(tt.ms, tt.kinds); got != tt.want {
				t.Errorf("monitorsOf = %v, want %v", got, tt.want)
			}
		})
	}
}
