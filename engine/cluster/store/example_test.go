package store_test

import (
	"errors"
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/store"
)

func Example() {
	s := store.New[string]()
	kv, _ := s.Create("/registry/pods/demo/web", "v1")
	fmt.Println("created at revision", kv.ModRevision)

	// A watcher from the first revision gets the history, then live events.
	s.Watch("/registry/pods/", 1, store.HandlerFunc[string](func(e store.Event[string]) {
		fmt.Println("watch:", e.Type, e.KV.Key, e.Revision())
	}))

	// Optimistic concurrency: the second writer's expected revision is stale.
	s.Update("/registry/pods/demo/web", kv.ModRevision, "v2")
	_, err := s.Update("/registry/pods/demo/web", kv.ModRevision, "v3")
	fmt.Println("conflict:", errors.Is(err, store.ErrConflict))

	s.Compact(s.Rev())
	_, err = s.Range("/registry/pods/demo/web", "", store.RangeOptions{Revision: 2})
	var ce *store.CompactedError
	fmt.Println(errors.As(err, &ce), ce.Requested, ce.Compacted)
	// Output:
	// created at revision 2
	// watch: PUT /registry/pods/demo/web 2
	// watch: PUT /registry/pods/demo/web 3
	// conflict: true
	// true 2 3
}
