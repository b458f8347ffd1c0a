package persistentvolume

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/volume"
)

// findBestMatch is findBestMatchForClaim: the volume a claim with no
// volumeName should bind to, or nil. Volumes are grouped by their access
// modes; the groups whose modes include every mode the claim asks for are
// searched from the one with the fewest modes on
// (allPossibleMatchingAccessModes), and in each, by name, the smallest
// volume that fits wins (volume.FindMatchingVolume with no node).
func findBestMatch(claim *object.Object, volumes []*object.Object, delayBinding bool) *object.Object {
	wanted := volume.AccessModes(claim)
	groups := map[string][]*object.Object{}
	var keys []string
	for _, v := range volumes {
		modes := volume.AccessModes(v)
		if !volume.ContainsAllAccessModes(modes, wanted) {
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
		group := groups[k]
		slices.SortFunc(group, func(a, b *object.Object) int { return strings.Compare(a.Meta.Name, b.Meta.Name) })
		if v := volume.FindMatchingVolume(claim, group, nil, nil, delayBinding); v != nil {
			return v
		}
	}
	return nil
}
