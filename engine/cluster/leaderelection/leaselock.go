package leaderelection

import (
	"errors"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// LeaseLock keeps the election record in a coordination.k8s.io/v1 Lease
// (resourcelock.LeaseLock, tools/leaderelection/resourcelock/leaselock.go):
// Get reads it, Create creates it, Update replaces its spec in the Lease
// last read or written, so the update carries that resourceVersion and
// fails with 409 Conflict when someone else wrote in between.
type LeaseLock struct {
	Namespace, Name string
	// Identity is the candidate's holderIdentity.
	Identity string

	client *client.Client
	kind   *object.KindInfo
	lease  *object.Object // the last Lease read or written
	writer client.Rewriter
	specs  specs
}

// errNotInitialized is LeaseLock.Update's error before any Get or Create.
var errNotInitialized = errors.New("lease not initialized, call get or create first")

// Get reads the Lease and returns its record.
func (l *LeaseLock) Get() (Record, error) {
	o, err := client.Shared(l.client.DoGet(l.kind, l.Namespace, l.Name))
	if err != nil {
		return Record{}, err
	}
	l.lease = o
	return recordOf(o), nil
}

// Create creates the Lease holding r.
func (l *LeaseLock) Create(r Record) error {
	o := object.New(l.kind.APIVersion(), l.kind.Kind)
	o.Meta.Name, o.Meta.Namespace = l.Name, l.Namespace
	o.Content["spec"] = l.specs.of(r) // the request's own (see specs)
	got, err := client.Shared(l.client.DoCreateOwning(l.kind, o, api.WriteOptions{}))
	if err != nil {
		return err
	}
	l.lease = got
	return nil
}

// Update replaces the spec of the last Lease read or written with r.
func (l *LeaseLock) Update(r Record) error {
	if l.lease == nil {
		return errNotInitialized
	}
	got, err := l.writer.Update(l.client, l.kind, l.Namespace, l.Name, l.updateBody(r))
	if err != nil {
		return err
	}
	l.lease = got
	return nil
}

// updateBody is the object an Update sends: the last Lease read or
// written, with r as its spec. It is the request's own: a new spec (see
// specs) and copies of any other content.
func (l *LeaseLock) updateBody(r Record) *object.Object {
	if len(l.lease.Content) == 1 && l.lease.Spec() != nil {
		// The spec is a Lease's only content: nothing else to copy.
		return &object.Object{APIVersion: l.lease.APIVersion, Kind: l.lease.Kind, Meta: l.lease.Meta,
			Content: map[string]any{"spec": l.specs.of(r)}}
	}
	o := l.writer.Object(l.lease, &l.lease.Meta, "spec") // the spec is replaced: not worth a copy
	o.Content["spec"] = l.specs.of(r)
	return o
}

// Describe names the Lease as "namespace/name".
func (l *LeaseLock) Describe() string { return l.Namespace + "/" + l.Name }
