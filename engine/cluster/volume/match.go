package volume

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// FindMatchingVolume is FindMatchingVolume (pv_helpers.go): among
// volumes, the one pre-bound to the claim, or else the smallest Available
// one of the claim's class, volume mode and volume attributes class that
// holds its request and matches its selector; a tie goes to the volume
// listed first. nodeLabels, when not nil, are the labels of the node the
// claim's Pod is meant for: the volume must then be usable from it and
// offer every access mode the claim asks for (without a node the caller
// has sorted volumes by access modes). Volumes named in excluded are
// skipped. Under delayBinding without a node only a pre-bound volume is
// taken: the scheduler chooses the others with the Pod's node.
func FindMatchingVolume(claim *object.Object, volumes []*object.Object, nodeLabels map[string]string, excluded map[string]bool, delayBinding bool) *object.Object {
	requested := Storage(claim.Spec(), "resources", "requests", "storage")
	class := object.StorageClassOf(claim)
	selector, hasSelector := object.LabelSelectorFrom(claim.Spec()["selector"])
	var best *object.Object
	var bestSize object.Quantity
	for _, v := range volumes {
		if excluded[v.Meta.Name] || (HasClaimRef(v) && !IsBoundToClaim(v, claim)) {
			continue
		}
		size := Storage(v.Spec(), "capacity", "storage")
		if size.Cmp(requested) < 0 || Mode(claim) != Mode(v) ||
			object.StringAt(claim.Spec(), "volumeAttributesClassName") != object.StringAt(v.Spec(), "volumeAttributesClassName") ||
			v.Meta.DeletionTimestamp != nil {
			continue
		}
		nodeOK := nodeLabels == nil || CheckNodeAffinity(v, nodeLabels)
		if IsBoundToClaim(v, claim) {
			if !nodeOK {
				return nil
			}
			return v
		}
		if (nodeLabels == nil && delayBinding) || object.StringAt(v.Status(), "phase") != "Available" ||
			(hasSelector && !selector.Matches(v.Meta.Labels)) || object.StorageClassOf(v) != class || !nodeOK {
			continue
		}
		if nodeLabels != nil && !ContainsAllAccessModes(AccessModes(v), AccessModes(claim)) {
			continue
		}
		if best == nil || bestSize.Cmp(size) > 0 {
			best, bestSize = v, size
		}
	}
	return best
}

// IsBoundToClaim is IsVolumeBoundToClaim: the volume's claimRef names the
// claim, with its UID or with none.
func IsBoundToClaim(v, claim *object.Object) bool {
	ref := object.AsMap(v.Spec()["claimRef"])
	if ref == nil || ref["name"] != claim.Meta.Name || ref["namespace"] != claim.Meta.Namespace {
		return false
	}
	uid, _ := ref["uid"].(string)
	return uid == "" || uid == claim.Meta.UID
}

// BindVolumeToClaim is GetBindVolumeToClaim: a copy of the volume whose
// claimRef names the claim with its UID, marked bound by a controller when
// it was not bound to the claim already, and whether that changed
// anything.
func BindVolumeToClaim(v, claim *object.Object) (*object.Object, bool) {
	ref := object.AsMap(v.Spec()["claimRef"])
	setBy := !IsBoundToClaim(v, claim)
	clone := v.DeepCopy()
	dirty := false
	if ref == nil || ref["name"] != claim.Meta.Name || ref["namespace"] != claim.Meta.Namespace || ref["uid"] != claim.Meta.UID {
		clone.EnsureMap("spec")["claimRef"] = map[string]any{"kind": "PersistentVolumeClaim", "namespace": claim.Meta.Namespace,
			"name": claim.Meta.Name, "uid": claim.Meta.UID, "apiVersion": "v1", "resourceVersion": claim.Meta.ResourceVersion}
		dirty = true
	}
	if _, annotated := v.Meta.Annotations[AnnBoundByController]; setBy && !annotated {
		clone.Meta.SetAnnotation(AnnBoundByController, "yes")
		dirty = true
	}
	return clone, dirty
}

// HasClaimRef reports whether the volume names a claim.
func HasClaimRef(v *object.Object) bool { return object.AsMap(v.Spec()["claimRef"]) != nil }

// CheckNodeAffinity is CheckNodeAffinity: a volume without
// nodeAffinity.required may be used from every node; otherwise one of its
// terms must match the node's labels.
func CheckNodeAffinity(v *object.Object, labels map[string]string) bool {
	raw, ok, _ := v.Get(".spec.nodeAffinity.required.nodeSelectorTerms")
	if !ok {
		return true
	}
	terms, _ := raw.([]any)
	for _, t := range terms {
		term := object.NodeSelectorTerm{MatchExpressions: object.RequirementsFrom(object.ListAt(object.AsMap(t), "matchExpressions"))}
		if term.MatchesNode(labels, "") {
			return true
		}
	}
	return false
}

// AccessModes are an object's spec.accessModes, sorted, each once.
func AccessModes(o *object.Object) []string {
	var out []string
	for _, m := range object.ListAt(o.Spec(), "accessModes") {
		if s, ok := m.(string); ok && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

// ContainsAllAccessModes is ContainsAllAccessModes: have offers every
// mode of want.
func ContainsAllAccessModes(have, want []string) bool {
	for _, m := range want {
		if !slices.Contains(have, m) {
			return false
		}
	}
	return true
}

// Mode is a claim's or a volume's spec.volumeMode, Filesystem when unset
// (CheckVolumeModeMismatches).
func Mode(o *object.Object) string {
	if m := object.StringAt(o.Spec(), "volumeMode"); m != "" {
		return m
	}
	return "Filesystem"
}

// Storage parses the storage quantity at keys, zero when absent or
// invalid.
func Storage(m map[string]any, keys ...string) object.Quantity {
	q, _ := object.ParseQuantity(object.StringAt(m, keys...))
	return q
}
