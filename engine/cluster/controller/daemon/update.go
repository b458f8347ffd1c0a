package daemon

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// rollingUpdate is update.go's rollingUpdate. Without surge, enough Pods
// out of date are deleted to keep at most maxUnavailable unavailable (an
// unavailable old Pod is always replaced), and manage creates their
// successors. With surge, a new Pod starts beside an old one on at most
// maxSurge Nodes, and the old Pod goes once the new one is available.
// Nodes are visited by name (Kubernetes walks a map).
func (dc *Controller) rollingUpdate(ds *object.Object, nodes []*object.NodeView, hash string) error {
	byNode, err := dc.nodesToPods(ds, false)
	if err != nil {
		return err
	}
	surge, unavailable, desired := dc.desiredCounts(ds, nodes, byNode)
	now := dc.loop.Now().Wall()
	minReady := minReadySeconds(ds)
	names := make([]string, 0, len(byNode))
	for n := range byNode {
		names = append(names, n)
	}
	slices.Sort(names)
	if surge == 0 {
		var numUnavailable int
		var replace, candidates []string
		for _, node := range names {
			newPod, oldPod, ok := updatedPodsOnNode(ds, byNode[node], hash)
			switch {
			case !ok, oldPod == nil && newPod == nil, oldPod != nil && newPod != nil:
				numUnavailable++ // manage handles this Node
			case newPod != nil:
				if !controller.PodAvailable(newPod, minReady, now) {
					numUnavailable++
				}
			case !controller.PodAvailable(oldPod, minReady, now):
				replace = append(replace, oldPod.Meta.Name)
				numUnavailable++
			case numUnavailable >= unavailable:
			default:
				candidates = append(candidates, oldPod.Meta.Name)
			}
		}
		n := min(max(unavailable-numUnavailable, 0), len(candidates))
		return dc.syncNodes(ds, append(replace, candidates[:n]...), nil, hash)
	}
	nodeOf := make(map[string]*object.NodeView, len(nodes))
	for _, n := range nodes {
		nodeOf[n.Name] = n
	}
	p := placementOf(ds)
	var del, shouldNotRun, candidates, allowed []string
	var numSurge, numAvailable int
	for _, node := range names {
		newPod, oldPod, ok := updatedPodsOnNode(ds, byNode[node], hash)
		if !ok {
			numSurge++
			continue
		}
		if oldPod != nil && controller.PodAvailable(oldPod, minReady, now) || oldPod == nil && newPod != nil && controller.PodAvailable(newPod, minReady, now) {
			numAvailable++
		}
		switch {
		case oldPod == nil:
		case newPod == nil:
			run := false
			if n := nodeOf[node]; n != nil {
				run, _ = p.shouldRun(n)
			}
			switch {
			case !controller.PodAvailable(oldPod, minReady, now):
				if !run {
					del = append(del, oldPod.Meta.Name)
					continue
				}
				allowed = append(allowed, node)
			case !run:
				shouldNotRun = append(shouldNotRun, oldPod.Meta.Name)
			case numSurge >= surge:
			default:
				candidates = append(candidates, node)
			}
		default:
			if !controller.PodAvailable(newPod, minReady, now) {
				numSurge++
				continue
			}
			del = append(del, oldPod.Meta.Name)
		}
	}
	if deletable := min(numAvailable-desired, len(shouldNotRun)); deletable > 0 {
		del = append(del, shouldNotRun[:deletable]...)
	}
	n := min(max(surge-numSurge, 0), len(candidates))
	return dc.syncNodes(ds, del, append(allowed, candidates[:n]...), hash)
}

// desiredCounts is updatedDesiredNodeCounts: maxSurge and maxUnavailable
// scaled on the number of Nodes that should run the Pod (rounding up),
// unavailable 1 when both come to 0; each such Node gets an entry in
// byNode.
func (dc *Controller) desiredCounts(ds *object.Object, nodes []*object.NodeView, byNode map[string][]*object.Object) (surge, unavailable, desired int) {
	p := placementOf(ds)
	for _, n := range nodes {
		if run, _ := p.shouldRun(n); !run {
			continue
		}
		desired++
		if _, ok := byNode[n.Name]; !ok {
			byNode[n.Name] = nil
		}
	}
	ru := object.MapAt(ds.Spec(), "updateStrategy", "rollingUpdate")
	unavailable, _ = object.ScaledIntOrPercent(ru["maxUnavailable"], desired, true)
	surge, _ = object.ScaledIntOrPercent(ru["maxSurge"], desired, true)
	if desired > 0 && unavailable == 0 && surge == 0 {
		unavailable = 1
	}
	return surge, unavailable, desired
}

// maxSurge reports ds's maxSurge as util.AllowsSurge needs it: above 0
// when surge is allowed (scaled on 1, so any percentage above 0% counts).
func maxSurge(ds *object.Object) int {
	if object.StringAt(ds.Spec(), "updateStrategy", "type") != "RollingUpdate" {
		return 0
	}
	n, _ := object.ScaledIntOrPercent(object.MapAt(ds.Spec(), "updateStrategy", "rollingUpdate")["maxSurge"], 1, true)
	return n
}

// updatedPodsOnNode is findUpdatedPodsOnNode: the Node's one up-to-date
// and one out-of-date Pod not being deleted; false when there are more.
func updatedPodsOnNode(ds *object.Object, pods []*object.Object, hash string) (newPod, oldPod *object.Object, ok bool) {
	for _, pod := range pods {
		if pod.Meta.DeletionTimestamp != nil {
			continue
		}
		if podUpdated(ds, pod, hash) {
			if newPod != nil {
				return nil, nil, false
			}
			newPod = pod
		} else {
			if oldPod != nil {
				return nil, nil, false
			}
			oldPod = pod
		}
	}
	return newPod, oldPod, true
}

// podUpdated is util.IsPodUpdated: the Pod carries the current revision's
// hash, or the DaemonSet's template generation.
func podUpdated(ds *object.Object, pod *object.Object, hash string) bool {
	if hash != "" && pod.Meta.Labels[LabelRevisionHash] == hash {
		return true
	}
	gen, ok := ds.Meta.Annotations[object.DaemonSetTemplateGenerationAnnotation]
	return ok && pod.Meta.Labels[LabelTemplateGeneration] == gen
}
