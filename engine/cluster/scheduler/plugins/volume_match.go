package plugins

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
	"github.com/loopbook/loopbook/engine/cluster/volume"
)

// findPodVolumes is binder.go's FindPodVolumes for one node: bound
// claims' volumes must accept the node; each waiting claim either was
// given this node already, or gets an available volume the node can use,
// or is provisioned if its class can provision on the node.
func (v *VolumeBindingPlugin) findPodVolumes(st *volumeState, n *framework.NodeInfo) (*podVolumes, []string) {
	boundOK, pvsFound, unboundOK := true, true, true
	for _, pvc := range st.bound {
		pv, ok := v.Volumes.Volume(pvc.GetString(".spec.volumeName"))
		if !ok {
			pvsFound = false
			break
		}
		if !volume.CheckNodeAffinity(pv, n.Labels) {
			boundOK = false
			break
		}
	}
	out := &podVolumes{}
	var toMatch, toProvision []*object.Object
	for _, pvc := range st.waiting {
		sel, ok := pvc.Meta.Annotations[volume.AnnSelectedNode]
		switch {
		case ok && sel != n.Name:
			unboundOK = false // fast path: provisioning was asked for another node
		case ok:
			toProvision = append(toProvision, pvc)
		default:
			toMatch = append(toMatch, pvc)
		}
	}
	if unboundOK {
		chosen := map[string]bool{}
		for _, pvc := range sortedBySize(toMatch) {
			if pv := v.matchingVolume(pvc, n.Labels, chosen); pv != nil {
				chosen[pv.Meta.Name] = true
				out.static = append(out.static, binding{pv: pv, pvc: pvc})
				continue
			}
			toProvision = append(toProvision, pvc)
		}
		for _, pvc := range toProvision {
			if !v.canProvision(pvc, n.Labels) {
				unboundOK = false
				break
			}
			out.provision = append(out.provision, pvc)
		}
	}
	var reasons []string
	if !boundOK {
		reasons = append(reasons, ErrReasonNodeConflict)
	}
	if !unboundOK {
		reasons = append(reasons, ErrReasonBindConflict)
	}
	if !pvsFound {
		reasons = append(reasons, ErrReasonPVNotExist)
	}
	return out, reasons
}

// canProvision is checkVolumeProvisions for one claim: the class exists,
// has a provisioner other than kubernetes.io/no-provisioner, and its
// allowedTopologies (if any) admit the node.
func (v *VolumeBindingPlugin) canProvision(pvc *object.Object, labels map[string]string) bool {
	sc, ok := v.Volumes.StorageClass(pvc.GetString(".spec.storageClassName"))
	if !ok {
		return false
	}
	if p := sc.GetString(".provisioner"); p == "" || p == NotSupportedProvisioner {
		return false
	}
	topo, _ := sc.Content["allowedTopologies"].([]any)
	return matchTopology(topo, labels)
}

// matchingVolume is findMatchingVolumes for one claim waiting for its
// consumer (binder.go): volume.FindMatchingVolume on the node, with the
// volumes already chosen for the Pod's other claims excluded.
func (v *VolumeBindingPlugin) matchingVolume(pvc *object.Object, labels map[string]string, chosen map[string]bool) *object.Object {
	return volume.FindMatchingVolume(pvc, v.Volumes.PersistentVolumes(), labels, chosen, true)
}

// matchTopology is v1helper.MatchTopologySelectorTerms: no terms match
// everything; otherwise some term's every key must carry one of its
// values on the node.
func matchTopology(terms []any, labels map[string]string) bool {
	if len(terms) == 0 {
		return true
	}
	for _, t := range terms {
		tm, _ := t.(map[string]any)
		exprs, _ := tm["matchLabelExpressions"].([]any)
		ok := len(exprs) > 0
		for _, e := range exprs {
			em, _ := e.(map[string]any)
			key, _ := em["key"].(string)
			lv, has := labels[key]
			if !has || !slices.Contains(object.StringList(em["values"]), lv) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// sortedBySize is the claims by increasing requested size (byPVCSize),
// stable for equal sizes.
func sortedBySize(claims []*object.Object) []*object.Object {
	out := slices.Clone(claims)
	slices.SortStableFunc(out, func(a, b *object.Object) int {
		return requestedStorage(a).Cmp(requestedStorage(b))
	})
	return out
}

// requestedStorage is a claim's requested storage, zero when absent or
// invalid.
func requestedStorage(claim *object.Object) object.Quantity {
	return volume.Storage(claim.Spec(), "resources", "requests", "storage")
}
