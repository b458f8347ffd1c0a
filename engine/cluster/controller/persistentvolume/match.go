package persistentvolume

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// findBestMatch is findBestMatchForClaim: the volume a claim with no
// volumeName should bind to, or nil. Volumes are grouped by their access
// modes; the groups whose modes include every mode the claim asks for are
// searched from the one with the fewest modes on
// (allPossibleMatchingAccessModes), and in each the smallest volume that
// fits wins (volume.FindMatchingVolume with no node). A volume already
// pre-bound to the claim wins at once. Under delayed binding
// (WaitForFirstConsumer) only a pre-bound volume is taken here: the
// scheduler chooses the others with the Pod's node.
func findBestMatch(claim *object.Object, volumes []*object.Object, delayBinding bool) *object.Object {
	wanted := accessModes(claim)
	groups := map[string][]*object.Object{}
	var keys []string
	for _, v := range volumes {
		modes := accessModes(v)
		if !containsAll(modes, wanted) {
			continue
		}
		k := strings.Join(modes, ",")
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], v)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if n, m := strings.Count(a, ","), strings.Count(b, ","); n != m {
			return n - m
		}
		return strings.Compare(a, b)
	})
	for _, k := range keys {
		if v := findMatchingVolume(claim, groups[k], delayBinding); v != nil {
			return v
		}
	}
	return nil
}

// findMatchingVolume is volume.FindMatchingVolume with no node: among
// volumes, the one pre-bound to the claim, or else the smallest Available
// one of the claim's class, volume mode and volume attributes class that
// holds its request and matches its selector (a tie goes to the lower
// name).
func findMatchingVolume(claim *object.Object, volumes []*object.Object, delayBinding bool) *object.Object {
	requested := quantityAt(claim.Spec(), "resources", "requests", "storage")
	class := object.StorageClassOf(claim)
	selector, hasSelector := object.LabelSelectorFrom(claim.Spec()["selector"])
	var best *object.Object
	var bestSize object.Quantity
	for _, v := range volumes {
		if hasClaimRef(v) && !isBoundToClaim(v, claim) {
			continue
		}
		size := quantityAt(v.Spec(), "capacity", "storage")
		if size.Cmp(requested) < 0 || volumeMode(claim) != volumeMode(v) ||
			object.StringAt(claim.Spec(), "volumeAttributesClassName") != object.StringAt(v.Spec(), "volumeAttributesClassName") ||
			v.Meta.DeletionTimestamp != nil {
			continue
		}
		if isBoundToClaim(v, claim) {
			return v
		}
		if delayBinding || object.StringAt(v.Status(), "phase") != "Available" ||
			(hasSelector && !selector.Matches(v.Meta.Labels)) || object.StorageClassOf(v) != class {
			continue
		}
		if best == nil || bestSize.Cmp(size) > 0 || (bestSize.Cmp(size) == 0 && v.Meta.Name < best.Meta.Name) {
			best, bestSize = v, size
		}
	}
	return best
}

// isBoundToClaim is IsVolumeBoundToClaim: the volume's claimRef names the
// claim, with its UID or with none.
func isBoundToClaim(volume, claim *object.Object) bool {
	ref := object.AsMap(volume.Spec()["claimRef"])
	if ref == nil || ref["name"] != claim.Meta.Name || ref["namespace"] != claim.Meta.Namespace {
		return false
	}
	uid, _ := ref["uid"].(string)
	return uid == "" || uid == claim.Meta.UID
}

// hasClaimRef reports whether the volume names a claim.
func hasClaimRef(volume *object.Object) bool { return object.AsMap(volume.Spec()["claimRef"]) != nil }

// accessModes are an object's spec.accessModes, sorted.
func accessModes(o *object.Object) []string {
	var out []string
	for _, m := range object.ListAt(o.Spec(), "accessModes") {
		if s, ok := m.(string); ok && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

// containsAll is volume.ContainsAllAccessModes.
func containsAll(have, want []string) bool {
	for _, m := range want {
		if !slices.Contains(have, m) {
			return false
		}
	}
	return true
}

// volumeMode is spec.volumeMode, Filesystem when unset
// (CheckVolumeModeMismatches).
func volumeMode(o *object.Object) string {
	if m := object.StringAt(o.Spec(), "volumeMode"); m != "" {
		return m
	}
	return "Filesystem"
}

// quantityAt parses the quantity at keys, zero when absent or invalid.
func quantityAt(m map[string]any, keys ...string) object.Quantity {
	q, _ := object.ParseQuantity(object.StringAt(m, keys...))
	return q
}
