package kubectl

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestCustomTable(t *testing.T) {
	objs := objectsOf(t, "custom.yaml")("DatabaseCluster", "")
	name := object.Column{Name: "Name", Type: "string", JSONPath: ".metadata.name"}
	age := object.Column{Name: "Age", Type: "date", JSONPath: ".metadata.creationTimestamp"}
	tests := []struct {
		name string
		cols []object.Column
		wide bool
		want string
	}{
		{"no printer columns", []object.Column{name, age}, false,
			"NAME      AGE\norders    50m\nreports   20s"},
		{"printer columns", []object.Column{name, {Name: "Replicas", Type: "integer", JSONPath: ".spec.replicas"},
			{Name: "Phase", Type: "string", JSONPath: ".status.phase"}, {Name: "Engine", Type: "string", JSONPath: ".spec.engine", Priority: 1}}, false,
			"NAME      REPLICAS   PHASE\norders    3          Ready\nreports   1          "},
		{"wide", []object.Column{name, {Name: "Engine", Type: "string", JSONPath: "spec.engine", Priority: 1}}, true,
			"NAME      ENGINE\norders    postgres\nreports   mysql"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CustomTable(tt.cols, objs, testNow, tt.wide); got != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}
