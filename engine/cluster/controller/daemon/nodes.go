package daemon

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Taint keys every daemon Pod tolerates (k8s.io/api/core/v1,
// well_known_taints.go).
const (
	taintNotReady           = "node.kubernetes.io/not-ready"
	taintUnreachable        = "node.kubernetes.io/unreachable"
	taintDiskPressure       = "node.kubernetes.io/disk-pressure"
	taintMemoryPressure     = "node.kubernetes.io/memory-pressure"
	taintPIDPressure        = "node.kubernetes.io/pid-pressure"
	taintUnschedulable      = "node.kubernetes.io/unschedulable"
	taintNetworkUnavailable = "node.kubernetes.io/network-unavailable"
)

// daemonTolerations are the tolerations AddOrUpdateDaemonPodTolerations
// (pkg/controller/daemon/util/daemonset_util.go) gives every daemon Pod,
// in its order: it survives a Node going not-ready or unreachable (no
// tolerationSeconds, so the taint-eviction controller never evicts it)
// and is placed on Nodes under pressure or cordoned. A Pod on the host
// network also tolerates network-unavailable.
func daemonTolerations(hostNetwork bool) []object.Toleration {
	out := []object.Toleration{
		{Key: taintNotReady, Operator: "Exists", Effect: "NoExecute"},
		{Key: taintUnreachable, Operator: "Exists", Effect: "NoExecute"},
		{Key: taintDiskPressure, Operator: "Exists", Effect: "NoSchedule"},
		{Key: taintMemoryPressure, Operator: "Exists", Effect: "NoSchedule"},
		{Key: taintPIDPressure, Operator: "Exists", Effect: "NoSchedule"},
		{Key: taintUnschedulable, Operator: "Exists", Effect: "NoSchedule"},
	}
	if hostNetwork {
		out = append(out, object.Toleration{Key: taintNetworkUnavailable, Operator: "Exists", Effect: "NoSchedule"})
	}
	return out
}

// withDaemonTolerations is AddOrUpdateDaemonPodTolerations on a Pod spec's
// tolerations list: each daemon toleration replaces one with the same
// key, operator, value and effect, or is appended.
func withDaemonTolerations(list []any, hostNetwork bool) []any {
	out := make([]any, len(list), len(list)+7)
	copy(out, list)
	for _, t := range daemonTolerations(hostNetwork) {
		m := map[string]any{"key": t.Key, "operator": t.Operator, "effect": t.Effect}
		replaced := false
		for i, e := range out {
			em := object.AsMap(e)
			if em["key"] == t.Key && em["operator"] == t.Operator && em["effect"] == t.Effect && object.StringAt(em, "value") == "" {
				out[i], replaced = m, true
				break
			}
		}
		if !replaced {
			out = append(out, m)
		}
	}
	return out
}

// placement is what NodeShouldRunDaemonPod reads of a DaemonSet's Pod
// (NewPod: the template with the daemon tolerations).
type placement struct {
	nodeName     string
	nodeSelector map[string]string
	hasRequired  bool
	terms        []object.NodeSelectorTerm
	tolerations  []object.Toleration
}

// placementOf reads ds's template.
func placementOf(ds *object.Object) placement {
	spec := object.MapAt(object.MapAt(ds.Spec(), "template"), "spec")
	hostNetwork, _ := spec["hostNetwork"].(bool)
	pod := object.New("v1", "Pod")
	pod.Content = map[string]any{"spec": map[string]any{
		"nodeSelector": spec["nodeSelector"], "affinity": spec["affinity"],
		"tolerations": withDaemonTolerations(object.ListAt(spec, "tolerations"), hostNetwork),
	}}
	v := object.ViewPod(pod)
	_, hasRequired := object.MapAt(object.MapAt(spec, "affinity"), "nodeAffinity")["requiredDuringSchedulingIgnoredDuringExecution"]
	return placement{nodeName: object.StringAt(spec, "nodeName"), nodeSelector: v.NodeSelector,
		hasRequired: hasRequired, terms: v.RequiredNodeTerms, tolerations: v.Tolerations}
}

// shouldRun is NodeShouldRunDaemonPod for ds's Pod on node.
func shouldRun(node *object.NodeView, ds *object.Object) (run, cont bool) {
	p := placementOf(ds)
	return p.shouldRun(node)
}

// shouldRun is NodeShouldRunDaemonPod: whether a daemon Pod should be
// created on node (run), and whether one already there may stay (cont).
// The template's nodeName, its nodeSelector and required node affinity
// must match the Node; an untolerated NoSchedule or NoExecute taint stops
// a new Pod, and only an untolerated NoExecute one removes a running Pod.
func (p *placement) shouldRun(node *object.NodeView) (run, cont bool) {
	if p.nodeName != "" && p.nodeName != node.Name {
		return false, false
	}
	if !p.matchesAffinity(node) {
		return false, false
	}
	if _, found := p.untolerated(node, "NoSchedule", "NoExecute"); found {
		_, noExecute := p.untolerated(node, "NoExecute")
		return false, !noExecute
	}
	return true, true
}

// matchesAffinity is nodeaffinity.GetRequiredNodeAffinity(pod).Match: the
// nodeSelector's labels, and one of the required terms if there are any.
func (p *placement) matchesAffinity(node *object.NodeView) bool {
	for k, v := range p.nodeSelector {
		if lv, ok := node.Labels[k]; !ok || lv != v {
			return false
		}
	}
	if !p.hasRequired {
		return true
	}
	for _, t := range p.terms {
		if t.MatchesNode(node.Labels, node.Name) {
			return true
		}
	}
	return false
}

// untolerated is v1helper.FindMatchingUntoleratedTaint for the taints of
// the given effects.
func (p *placement) untolerated(node *object.NodeView, effects ...string) (object.Taint, bool) {
	for _, t := range node.Taints {
		if !contains(effects, t.Effect) {
			continue
		}
		tolerated := false
		for _, tol := range p.tolerations {
			if tol.ToleratesTaint(t) {
				tolerated = true
				break
			}
		}
		if !tolerated {
			return t, true
		}
	}
	return object.Taint{}, false
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// nodeAffinityFor is ReplaceDaemonSetPodNodeNameNodeAffinity: the
// template's affinity with its required node selector replaced by one
// term matching the Node's metadata.name. affinity is not modified.
func nodeAffinityFor(affinity map[string]any, node string) map[string]any {
	out := make(map[string]any, len(affinity)+1)
	for k, v := range affinity {
		out[k] = v
	}
	na := make(map[string]any)
	for k, v := range object.MapAt(affinity, "nodeAffinity") {
		na[k] = v
	}
	na["requiredDuringSchedulingIgnoredDuringExecution"] = map[string]any{
		"nodeSelectorTerms": []any{map[string]any{"matchFields": []any{map[string]any{
			"key": "metadata.name", "operator": "In", "values": []any{node},
		}}}},
	}
	out["nodeAffinity"] = na
	return out
}

// targetNode is util.GetTargetNodeName: the Pod's nodeName, or while it
// is unscheduled the one Node its required affinity's metadata.name
// field names.
func targetNode(pod *object.Object) (string, bool) {
	spec := pod.Spec()
	if n := object.StringAt(spec, "nodeName"); n != "" {
		return n, true
	}
	terms := object.ListAt(spec, "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms")
	for _, t := range terms {
		for _, f := range object.ListAt(object.AsMap(t), "matchFields") {
			m := object.AsMap(f)
			if m["key"] == "metadata.name" && m["operator"] == "In" {
				if vs := object.ListAt(m, "values"); len(vs) == 1 {
					if s, ok := vs[0].(string); ok {
						return s, true
					}
				}
			}
		}
	}
	return "", false
}
