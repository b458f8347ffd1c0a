package deployment

import (
	"cmp"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// EqualIgnoreHash is util.EqualIgnoreHash (kubectl describe finds a
// Deployment's new ReplicaSet with it too): two Pod templates are equal
// once the pod-template-hash label is taken out of both (and labels left
// empty by that are dropped). It compares the templates in place, without
// building the copies without the label.
func EqualIgnoreHash(t1, t2 map[string]any) bool {
	l1, h1 := hashLabels(t1)
	l2, h2 := hashLabels(t2)
	if !h1 && !h2 {
		return object.EqualValues(t1, t2)
	}
	_, m1 := t1["metadata"]
	_, m2 := t2["metadata"]
	if m1 != m2 || !equalExcept(t1, t2, "metadata", "metadata") {
		return false
	}
	meta1, ok1 := t1["metadata"].(map[string]any)
	meta2, ok2 := t2["metadata"].(map[string]any)
	if !ok1 || !ok2 || !equalExcept(meta1, meta2, "labels", "labels") {
		return false
	}
	// Labels left empty by taking the hash out are dropped.
	has1, has2 := len(l1) > 1, len(l2) > 1
	if !h1 {
		_, has1 = meta1["labels"]
	}
	if !h2 {
		_, has2 = meta2["labels"]
	}
	if has1 != has2 {
		return false
	}
	if !has1 {
		return true
	}
	lab1, ok1 := meta1["labels"].(map[string]any)
	lab2, ok2 := meta2["labels"].(map[string]any)
	return ok1 && ok2 && equalExcept(lab1, lab2, skipIf(h1), skipIf(h2))
}

// hashLabels returns a template's labels and whether they hold the
// pod-template-hash label.
func hashLabels(t map[string]any) (map[string]any, bool) {
	labels := object.MapAt(object.MapAt(t, "metadata"), "labels")
	_, ok := labels[DefaultDeploymentUniqueLabelKey]
	return labels, ok
}

// skipIf names the hash label when it is to be skipped, "" otherwise.
func skipIf(hashed bool) string {
	if hashed {
		return DefaultDeploymentUniqueLabelKey
	}
	return ""
}

// equalExcept reports whether x without its key skipX equals y without
// its key skipY (object.EqualValues); an empty skip key skips nothing.
func equalExcept(x, y map[string]any, skipX, skipY string) bool {
	nx, ny := len(x), len(y)
	if _, ok := x[skipX]; ok && skipX != "" {
		nx--
	}
	if _, ok := y[skipY]; ok && skipY != "" {
		ny--
	}
	if nx != ny {
		return false
	}
	for k, v := range x {
		if skipX != "" && k == skipX {
			continue
		}
		if skipY != "" && k == skipY {
			return false
		}
		w, ok := y[k]
		if !ok || !object.EqualValues(v, w) {
			return false
		}
	}
	return true
}

// findNewReplicaSet is util.FindNewReplicaSet: the oldest ReplicaSet whose
// template is the Deployment's. It sorts rsList by creation, in place.
func findNewReplicaSet(d *deployment, rsList []*replicaSet) *replicaSet {
	sortByCreationTimestamp(rsList, false)
	for _, rs := range rsList {
		if d.templateMatches(rs) {
			return rs
		}
	}
	return nil
}

// findOldReplicaSets is util.FindOldReplicaSets: every ReplicaSet but the
// new one, and those of them with replicas.
func findOldReplicaSets(d *deployment, rsList []*replicaSet) (required, all []*replicaSet) {
	newRS := findNewReplicaSet(d, rsList)
	for _, rs := range rsList {
		if newRS != nil && rs.uid() == newRS.uid() {
			continue
		}
		all = append(all, rs)
		if rs.replicas != 0 {
			required = append(required, rs)
		}
	}
	return required, all
}

// byCreation is ReplicaSetsByCreationTimestamp: oldest first, names
// breaking ties.
func byCreation(a, b *replicaSet) int {
	if c := a.created().Compare(b.created()); c != 0 {
		return c
	}
	return cmp.Compare(a.name(), b.name())
}

func sortByCreationTimestamp(rss []*replicaSet, newestFirst bool) {
	slices.SortFunc(rss, func(a, b *replicaSet) int {
		if newestFirst {
			return byCreation(b, a)
		}
		return byCreation(a, b)
	})
}

// sortBySize sorts larger ReplicaSets first, ties oldest first
// (ReplicaSetsBySizeOlder) or newest first (ReplicaSetsBySizeNewer).
func sortBySize(rss []*replicaSet, newerFirst bool) {
	slices.SortFunc(rss, func(a, b *replicaSet) int {
		if a.replicas != b.replicas {
			return cmp.Compare(b.replicas, a.replicas)
		}
		if newerFirst {
			return byCreation(b, a)
		}
		return byCreation(a, b)
	})
}

// sortByRevision is ReplicaSetsByRevision: lowest revision first, creation
// order when revisions are equal or unreadable.
func sortByRevision(rss []*replicaSet) {
	slices.SortFunc(rss, func(a, b *replicaSet) int {
		r1, err1 := revision(a.obj.Meta.Annotations)
		r2, err2 := revision(b.obj.Meta.Annotations)
		if err1 != nil || err2 != nil || r1 == r2 {
			return byCreation(a, b)
		}
		return cmp.Compare(r1, r2)
	})
}
