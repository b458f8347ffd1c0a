package store

// KeyValue is one version of one key, as etcd's mvccpb.KeyValue.
type KeyValue[V any] struct {
	Key string
	// CreateRevision is the revision that created the key (0 in a delete
	// event's KV).
	CreateRevision int64
	// ModRevision is the revision of the change that wrote this version.
	ModRevision int64
	// Version counts the changes since the key was created: 1 on create,
	// 0 in a delete event's KV.
	Version int64
	// Value is the caller's value, shared, not copied.
	Value V
}

// EventType says what a change did.
type EventType uint8

const (
	// Put created or changed a key.
	Put EventType = iota
	// Delete removed a key.
	Delete
)

func (t EventType) String() string {
	if t == Delete {
		return "DELETE"
	}
	return "PUT"
}

// Event is one change, as etcd's mvccpb.Event with prev_kv.
type Event[V any] struct {
	Type EventType
	// KV is the key after the change. For a Delete it holds only Key and
	// ModRevision (the revision of the delete).
	KV KeyValue[V]
	// Prev is the key before the change; its ModRevision is 0 when the key
	// did not exist.
	Prev KeyValue[V]
}

// Revision returns the revision of the change.
func (e Event[V]) Revision() int64 { return e.KV.ModRevision }

// HasPrev reports whether the key existed before the change.
func (e Event[V]) HasPrev() bool { return e.Prev.ModRevision != 0 }

// IsCreate reports whether the change created the key (etcd's
// Event.IsCreate: a PUT whose CreateRevision equals its ModRevision).
func (e Event[V]) IsCreate() bool {
	return e.Type == Put && e.KV.CreateRevision == e.KV.ModRevision
}
