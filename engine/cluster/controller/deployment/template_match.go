package deployment

import "github.com/loopbook/loopbook/engine/cluster/object"

// templateMatch is whether the template of one state of a ReplicaSet
// (its object, read-only) equals its Deployment's, the pod-template-hash
// aside.
type templateMatch struct {
	rs    *object.Object
	equal bool
}

// templateMatches is EqualIgnoreHash(rs.template, d.template), compared
// once per state of the ReplicaSet in the life of d: one sync looks for
// the new ReplicaSet several times (findNewReplicaSet, from
// findOldReplicaSets and getNewReplicaSet, for the scaling check and for
// the rollout), over the same ReplicaSets. Both templates are read-only
// (the objects they are read from are the cache's or a write's answer), so
// an answer holds while the ReplicaSet's object is the same; a new state
// of it is a new object and is compared afresh. A Deployment has a few
// ReplicaSets: a list is searched faster than a map.
func (d *deployment) templateMatches(rs *replicaSet) bool {
	for _, m := range d.matches {
		if m.rs == rs.obj {
			return m.equal
		}
	}
	equal := EqualIgnoreHash(rs.template, d.template)
	d.matches = append(d.matches, templateMatch{rs: rs.obj, equal: equal})
	return equal
}
