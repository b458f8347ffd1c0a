package garbagecollector

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// objectReference is a node's identity: an owner reference's coordinates
// (apiVersion, kind, name, uid) and the namespace (graph.go).
type objectReference struct {
	APIVersion, Kind, Name, UID string
	Namespace                   string
}

// String is graph.go's objectReference.String.
func (r objectReference) String() string {
	return fmt.Sprintf("[%s/%s, namespace: %s, name: %s, uid: %s]", r.APIVersion, r.Kind, r.Namespace, r.Name, r.UID)
}

// coordinates returns the reference of an owner reference, in namespace.
func coordinates(ref object.OwnerReference, namespace string) objectReference {
	return objectReference{APIVersion: ref.APIVersion, Kind: ref.Kind, Name: ref.Name, UID: ref.UID, Namespace: namespace}
}

// matchesCoordinates is ownerReferenceMatchesCoordinates: uid, name, kind
// and apiVersion agree.
func matchesCoordinates(ref object.OwnerReference, id objectReference) bool {
	return ref.UID == id.UID && ref.Name == id.Name && ref.Kind == id.Kind && ref.APIVersion == id.APIVersion
}

// node is one object of the graph, observed through an informer, or
// "virtual": an owner some dependent names that has not been observed.
type node struct {
	identity objectReference
	// dependents are the nodes naming this one as owner, with the order
	// in which they became dependents (client-go keeps a map, whose order
	// is random; the model's is the order of arrival). It is nil until
	// the first dependent comes.
	dependents         map[*node]uint64
	deletingDependents bool // deletionTimestamp and the foregroundDeletion finalizer
	beingDeleted       bool // deletionTimestamp
	virtual            bool
	owners             []object.OwnerReference
}

func (n *node) isObserved() bool { return !n.virtual }

// clone copies the node, as processGraphChanges does before replacing a
// virtual node's identity.
func (n *node) clone() *node {
	c := *n
	c.dependents = make(map[*node]uint64, len(n.dependents))
	for d, seq := range n.dependents {
		c.dependents[d] = seq
	}
	c.owners = slices.Clone(n.owners)
	return &c
}

// getDependents returns the dependents in the order they were added.
func (n *node) getDependents() []*node {
	out := make([]*node, 0, len(n.dependents))
	for d := range n.dependents {
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b *node) int { return cmp.Compare(n.dependents[a], n.dependents[b]) })
	return out
}

// blockingDependents are the dependents whose reference to n has
// blockOwnerDeletion: true.
func (n *node) blockingDependents() []*node {
	var out []*node
	for _, d := range n.getDependents() {
		for _, o := range d.owners {
			if o.UID == n.identity.UID && o.BlockOwnerDeletion != nil && *o.BlockOwnerDeletion {
				out = append(out, d)
			}
		}
	}
	return out
}

// graph is uidToNode: every node by UID.
type graph struct {
	nodes map[string]*node
	seq   uint64
}

func newGraph() *graph { return &graph{nodes: map[string]*node{}} }

func (g *graph) read(uid string) (*node, bool) {
	n, ok := g.nodes[uid]
	return n, ok
}

func (g *graph) write(n *node) { g.nodes[n.identity.UID] = n }

func (g *graph) remove(uid string) { delete(g.nodes, uid) }

// addDependent records dep as a dependent of owner.
func (g *graph) addDependent(owner, dep *node) {
	if _, ok := owner.dependents[dep]; ok {
		return
	}
	if owner.dependents == nil {
		owner.dependents = map[*node]uint64{}
	}
	g.seq++
	owner.dependents[dep] = g.seq
}
