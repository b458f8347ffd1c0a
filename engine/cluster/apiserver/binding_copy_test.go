package apiserver

import (
	"reflect"
	"testing"
)

// TestBindingLeavesTheStoredPodAsItWas: a binding writes a new version of
// the Pod, with its node and PodScheduled condition, and the version it
// replaced (which readers may still hold) keeps neither.
func TestBindingLeavesTheStoredPodAsItWas(t *testing.T) {
	h := newHarness(t)
	created := h.must(h.do("alice", "POST", "/api/v1/namespaces/demo/pods", podBody("web-1", nil))).Object
	before := created.DeepCopy()
	h.must(h.do("alice", "POST", "/api/v1/namespaces/demo/pods/web-1/binding", bindingBody("web-1", "worker-a")))
	bound := h.must(h.do("alice", "GET", "/api/v1/namespaces/demo/pods/web-1", nil)).Object
	if !reflect.DeepEqual(created, before) {
		t.Fatalf("the binding changed the Pod it replaced:\n%v\nwas\n%v", created, before)
	}
	if got := bound.GetString(".spec.nodeName"); got != "worker-a" {
		t.Errorf("bound Pod on node %q", got)
	}
	if v, _, _ := bound.Get(".status.conditions[type=PodScheduled].status"); v != "True" {
		t.Errorf("bound Pod's PodScheduled is %v", v)
	}
	if !reflect.DeepEqual(bound.Content["spec"].(map[string]any)["containers"], created.Content["spec"].(map[string]any)["containers"]) {
		t.Error("the binding changed the containers")
	}
}
