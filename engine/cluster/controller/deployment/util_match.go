package deployment

import (
	"cmp"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// equalIgnoreHash is util.EqualIgnoreHash: two Pod templates are equal
// once the pod-template-hash label is taken out of both.
func equalIgnoreHash(t1, t2 map[string]any) bool {
	return object.EqualValues(withoutHash(t1), withoutHash(t2))
}

func withoutHash(t map[string]any) map[string]any {
	meta := object.MapAt(t, "metadata")
	labels := object.MapAt(meta, "labels")
	if _, ok := labels[DefaultDeploymentUniqueLabelKey]; !ok {
		return t
	}
	l := make(map[string]any, len(labels))
	for k, v := range labels {
		if k != DefaultDeploymentUniqueLabelKey {
			l[k] = v
		}
	}
	m := make(map[string]any, len(meta))
	for k, v := range meta {
		m[k] = v
	}
	if len(l) == 0 {
		delete(m, "labels") // a nil map and an empty one are equal
	} else {
		m["labels"] = l
	}
	out := make(map[string]any, len(t))
	for k, v := range t {
		out[k] = v
	}
	out["metadata"] = m
	return out
}

// findNewReplicaSet is util.FindNewReplicaSet: the oldest ReplicaSet whose
// template is the Deployment's. It sorts rsList by creation, in place.
func findNewReplicaSet(d *deployment, rsList []*replicaSet) *replicaSet {
	sortByCreationTimestamp(rsList, false)
	for _, rs := range rsList {
		if equalIgnoreHash(rs.template, d.template) {
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
