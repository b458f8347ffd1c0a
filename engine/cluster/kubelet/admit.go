package kubelet

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Admission failures (pkg/kubelet/lifecycle/predicate.go).
const (
	reasonOutOfCPU              = "OutOfcpu"
	reasonOutOfMemory           = "OutOfmemory"
	reasonOutOfEphemeralStorage = "OutOfephemeral-storage"
	reasonOutOfPods             = "OutOfpods"
	reasonNodeAffinity          = "NodeAffinity"
)

// admit is the kubelet's admission of a new Pod (canAdmitPod with the
// predicate admit handler, pkg/kubelet/lifecycle/predicate.go): the Pod
// must fit the node's allocatable resources next to the Pods already
// admitted — pods first, then cpu, memory, ephemeral-storage, as the
// scheduler's AdmissionCheck orders them — and the node must match its
// nodeSelector and required node affinity. The first failure is the
// reason.
func (l *life) admit(v *object.PodView) (ok bool, reason, message string) {
	alloc := l.allocatable()
	var used object.Resources
	n := int64(0)
	for _, w := range l.order {
		if w.rejected || w.terminated || w.v.IsTerminal() {
			continue
		}
		used = used.Add(w.v.Requests())
		n++
	}
	req := v.Requests()
	insufficient := func(name string, requested, used, capacity int64) string {
		return fmt.Sprintf("Node didn't have enough resource: %s, requested: %d, used: %d, capacity: %d", name, requested, used, capacity)
	}
	switch {
	case n+1 > alloc.Pods:
		return false, reasonOutOfPods, insufficient("pods", 1, n, alloc.Pods)
	case req.CPUMilli > 0 && req.CPUMilli+used.CPUMilli > alloc.CPUMilli:
		return false, reasonOutOfCPU, insufficient("cpu", req.CPUMilli, used.CPUMilli, alloc.CPUMilli)
	case req.Memory > 0 && req.Memory+used.Memory > alloc.Memory:
		return false, reasonOutOfMemory, insufficient("memory", req.Memory, used.Memory, alloc.Memory)
	case req.EphemeralStorage > 0 && req.EphemeralStorage+used.EphemeralStorage > alloc.EphemeralStorage:
		return false, reasonOutOfEphemeralStorage, insufficient("ephemeral-storage", req.EphemeralStorage, used.EphemeralStorage, alloc.EphemeralStorage)
	}
	if !matchesNode(v, l.currentNodeLabels(), l.k.cfg.Node) {
		// nodeaffinity.ErrReasonPod
		return false, reasonNodeAffinity, "Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector"
	}
	return true, "", ""
}

// matchesNode is GeneralPredicates' node affinity check
// (nodeaffinity.GetRequiredNodeAffinity(pod).Match): every nodeSelector
// label, and one of the required node affinity terms if there are any,
// against the node's labels and name.
func matchesNode(v *object.PodView, labels map[string]string, name string) bool {
	for k, want := range v.NodeSelector {
		if got, ok := labels[k]; !ok || got != want {
			return false
		}
	}
	if len(v.RequiredNodeTerms) == 0 {
		return true
	}
	for _, t := range v.RequiredNodeTerms {
		if t.MatchesNode(labels, name) {
			return true
		}
	}
	return false
}

// currentNodeLabels are the Node's labels as the kubelet's Node informer
// last saw them, or, before it has, the ones it registers with
// (getNodeAnyWay: the lister's Node, else initialNode), so that a label
// changed through the API counts at admission.
func (l *life) currentNodeLabels() map[string]string {
	if l.nodeInf != nil {
		if o, ok := l.nodeInf.Lister().Get("", l.k.cfg.Node); ok {
			return o.Meta.Labels
		}
	}
	return l.nodeLabels()
}
