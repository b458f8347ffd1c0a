package runtime

import (
	"reflect"
	"testing"
)

// AppendPodSandboxes appends what ListPodSandbox lists, after what dst
// holds, for each Pod and state.
func TestAppendPodSandboxes(t *testing.T) {
	n := newNode(t, nil)
	podB := PodSandboxConfig{Name: "b", Namespace: "demo", UID: "uid-b"}
	a1, err := n.rt.RunPodSandbox(podA)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := n.rt.RunPodSandbox(podB); err != nil {
		t.Fatal(err)
	}
	if err := n.rt.StopPodSandbox(a1); err != nil {
		t.Fatal(err)
	}
	if _, err := n.rt.RunPodSandbox(podA); err != nil {
		t.Fatal(err)
	}
	prefix := SandboxStatus{ID: "kept"}
	for _, tc := range []struct {
		name, uid string
		dst       []SandboxStatus
		want      int
	}{
		{"two sandboxes", "uid-a", nil, 2},
		{"one sandbox", "uid-b", nil, 1},
		{"none", "uid-c", nil, 0},
		{"after what dst holds", "uid-a", []SandboxStatus{prefix}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := n.rt.AppendPodSandboxes(tc.dst, tc.uid)
			want := append(append([]SandboxStatus(nil), tc.dst...), n.rt.ListPodSandbox(tc.uid)...)
			if len(got) != len(tc.dst)+tc.want || !reflect.DeepEqual(got, want) {
				t.Errorf("AppendPodSandboxes = %+v, want %+v", got, want)
			}
		})
	}
	n.rt.up = false
	if got := n.rt.AppendPodSandboxes([]SandboxStatus{prefix}, "uid-a"); len(got) != 1 {
		t.Errorf("a runtime that is down appended %+v", got[1:])
	}
}
