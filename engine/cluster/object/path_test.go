package object

import (
	"reflect"
	"testing"
)

func TestParsePath(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Path
		str  string
	}{
		{"simple", ".spec.replicas", Path{{Kind: StepField, Name: "spec"}, {Kind: StepField, Name: "replicas"}}, ".spec.replicas"},
		{"no leading dot", "spec.replicas", Path{{Kind: StepField, Name: "spec"}, {Kind: StepField, Name: "replicas"}}, ".spec.replicas"},
		{"root", ".", Path{}, "."},
		{"index", ".spec.containers[0].image", Path{{Kind: StepField, Name: "spec"}, {Kind: StepField, Name: "containers"}, {Kind: StepIndex, Index: 0}, {Kind: StepField, Name: "image"}}, ".spec.containers[0].image"},
		{"match", ".status.conditions[type=Ready].status", Path{{Kind: StepField, Name: "status"}, {Kind: StepField, Name: "conditions"}, {Kind: StepMatch, Key: "type", Value: "Ready"}, {Kind: StepField, Name: "status"}}, ".status.conditions[type=Ready].status"},
		{"match quoted", `.status.conditions[type="Ready"]`, Path{{Kind: StepField, Name: "status"}, {Kind: StepField, Name: "conditions"}, {Kind: StepMatch, Key: "type", Value: "Ready"}}, ".status.conditions[type=Ready]"},
		{"quoted key", `.metadata.annotations["deployment.kubernetes.io/revision"]`, Path{{Kind: StepField, Name: "metadata"}, {Kind: StepField, Name: "annotations"}, {Kind: StepField, Name: "deployment.kubernetes.io/revision"}}, `.metadata.annotations["deployment.kubernetes.io/revision"]`},
		{"field error key", "spec.containers[0].resources.requests[cpu]", Path{{Kind: StepField, Name: "spec"}, {Kind: StepField, Name: "containers"}, {Kind: StepIndex, Index: 0}, {Kind: StepField, Name: "resources"}, {Kind: StepField, Name: "requests"}, {Kind: StepField, Name: "cpu"}}, ".spec.containers[0].resources.requests.cpu"},
		{"match with dotted value", ".status.addresses[address=10.0.0.1]", Path{{Kind: StepField, Name: "status"}, {Kind: StepField, Name: "addresses"}, {Kind: StepMatch, Key: "address", Value: "10.0.0.1"}}, ".status.addresses[address=10.0.0.1]"},
		{"quoted value with bracket", `.a[k="x]y"]`, Path{{Kind: StepField, Name: "a"}, {Kind: StepMatch, Key: "k", Value: "x]y"}}, `.a[k="x]y"]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParsePath(tc.in)
			if err != nil {
				t.Fatalf("ParsePath(%q): %v", tc.in, err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ParsePath(%q) = %#v, want %#v", tc.in, got, tc.want)
			}
			if s := got.String(); s != tc.str {
				t.Errorf("String() = %q, want %q", s, tc.str)
			}
			again, err := ParsePath(got.String())
			if err != nil || !reflect.DeepEqual(again, got) {
				t.Errorf("round trip of %q: %#v, %v", got.String(), again, err)
			}
		})
	}
}

func TestParsePathErrors(t *testing.T) {
	for _, in := range []string{".spec.", ".spec..x", ".a[", ".a[]", `.a["x`, ".a[-1]", ".a[=x]", `.a["x"y]`, ".a]"} {
		t.Run(in, func(t *testing.T) {
			if p, err := ParsePath(in); err == nil {
				t.Errorf("ParsePath(%q) = %v, want an error", in, p)
			}
		})
	}
}

func TestObjectGet(t *testing.T) {
	o := mustDecode(t, podYAML)
	tests := []struct {
		path  string
		want  any
		found bool
	}{
		{".kind", "Pod", true},
		{".apiVersion", "v1", true},
		{".metadata.name", "web-7c9d4-x2kqp", true},
		{`.metadata.annotations["deployment.kubernetes.io/revision"]`, "2", true},
		{".metadata.labels.app", "web", true},
		{".status.conditions[type=Ready].status", "True", true},
		{".status.conditions[type=Missing].status", nil, false},
		{".spec.containers[0].image", "nginx:1.25", true},
		{".spec.containers[name=nginx].ports[0].containerPort", int64(80), true},
		{".spec.containers[1].image", nil, false},
		{".status.containerStatuses[0].restartCount", int64(2), true},
		{".spec.nodeName.deeper", nil, false},
		{".metadata.uid", nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			got, found, err := o.Get(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			if found != tc.found || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Get(%s) = %#v, %v; want %#v, %v", tc.path, got, found, tc.want, tc.found)
			}
		})
	}
}

func TestObjectSet(t *testing.T) {
	tests := []struct {
		name  string
		path  string
		value any
		check string
		want  any
	}{
		{"scalar", ".spec.replicas", 5, ".spec.replicas", int64(5)},
		{"create intermediate", ".spec.strategy.rollingUpdate.maxSurge", "50%", ".spec.strategy.rollingUpdate.maxSurge", "50%"},
		{"existing condition", ".status.conditions[type=Ready].status", "False", ".status.conditions[type=Ready].status", "False"},
		{"new condition", ".status.conditions[type=Available].status", "True", ".status.conditions[type=Available].type", "Available"},
		{"append index", ".spec.template.spec.containers[1]", map[string]any{"name": "sidecar"}, ".spec.template.spec.containers[1].name", "sidecar"},
		{"annotation", `.metadata.annotations["deployment.kubernetes.io/revision"]`, "3", `.metadata.annotations["deployment.kubernetes.io/revision"]`, "3"},
		{"label", ".metadata.labels.tier", "front", ".metadata.labels.tier", "front"},
		{"map[string]string", ".spec.template.metadata.labels", map[string]string{"a": "b"}, ".spec.template.metadata.labels.a", "b"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := mustDecode(t, deploymentYAML)
			o.Content["status"] = map[string]any{"conditions": []any{map[string]any{"type": "Ready", "status": "True"}}}
			if err := o.Set(tc.path, tc.value); err != nil {
				t.Fatalf("Set: %v", err)
			}
			got, _, _ := o.Get(tc.check)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("after Set(%s), Get(%s) = %#v, want %#v", tc.path, tc.check, got, tc.want)
			}
		})
	}
}

func TestObjectSetErrors(t *testing.T) {
	o := mustDecode(t, deploymentYAML)
	for _, tc := range []struct {
		path string
		v    any
	}{
		{".spec.replicas.x", 1},
		{".spec.template.spec.containers[5].name", "x"},
		{".metadata.labels", 5},
		{".kind.x", "y"},
		{".spec.x", struct{}{}},
	} {
		if err := o.Set(tc.path, tc.v); err == nil {
			t.Errorf("Set(%s) succeeded, want an error", tc.path)
		}
	}
}

func TestObjectRemove(t *testing.T) {
	o := mustDecode(t, podYAML)
	for _, tc := range []struct {
		path    string
		removed bool
		gone    string
	}{
		{".status.conditions[type=PodScheduled]", true, ".status.conditions[type=PodScheduled]"},
		{`.metadata.annotations["deployment.kubernetes.io/revision"]`, true, `.metadata.annotations["deployment.kubernetes.io/revision"]`},
		{".spec.containers[0].ports", true, ".spec.containers[0].ports"},
		{".spec.nothing", false, ".spec.nothing"},
	} {
		removed, err := o.Remove(tc.path)
		if err != nil || removed != tc.removed {
			t.Errorf("Remove(%s) = %v, %v; want %v", tc.path, removed, err, tc.removed)
		}
		if _, found, _ := o.Get(tc.gone); found {
			t.Errorf("%s still present after Remove", tc.gone)
		}
	}
	if c, _, _ := o.Get(".status.conditions[0].type"); c != "Ready" {
		t.Errorf("remaining condition = %v, want Ready", c)
	}
}
