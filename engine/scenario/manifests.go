package scenario

import (
	"runtime"
	"sync"
	"weak"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// manifests keeps the objects each apply action's manifest decodes to,
// for as long as the action lives: a failures block runs its scenario's
// actions once per fault and once more for its control run, a gates
// block once per variant, and a parsed action does not change. The kept
// objects are shared among runs, never handed out to be modified: an
// apply sends copies (see manifestCopy). A manifest that does not decode
// is not kept: each run gets its error afresh.
var manifests = &manifestCache{byAction: map[weak.Pointer[spec.Apply]][]*object.Object{}}

// manifestCache maps an apply action to its decoded objects; blocks run
// in parallel, hence the lock.
type manifestCache struct {
	mu       sync.Mutex
	byAction map[weak.Pointer[spec.Apply]][]*object.Object
}

// manifest returns the objects a's manifest decodes to (see Objects),
// shared: only to be read.
func manifest(a *spec.Apply) ([]*object.Object, error) {
	return manifests.of(a)
}

// manifestCopy returns copies of the objects a's manifest decodes to,
// the caller's to modify.
func manifestCopy(a *spec.Apply) ([]*object.Object, error) {
	objs, err := manifest(a)
	if err != nil {
		return nil, err
	}
	out := make([]*object.Object, len(objs))
	for i, o := range objs {
		out[i] = o.DeepCopy()
	}
	return out, nil
}

// of returns a's objects, decoding them on first use.
func (c *manifestCache) of(a *spec.Apply) ([]*object.Object, error) {
	k := weak.Make(a)
	c.mu.Lock()
	objs, ok := c.byAction[k]
	c.mu.Unlock()
	if ok {
		return objs, nil
	}
	objs, err := Objects(a.Object)
	if err != nil {
		return objs, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if kept, ok := c.byAction[k]; ok {
		// Another run decoded it meanwhile: both are equal; keep one.
		return kept, nil
	}
	c.byAction[k] = objs
	runtime.AddCleanup(a, c.forget, k)
	return objs, nil
}

// forget drops the objects of an action that is gone.
func (c *manifestCache) forget(k weak.Pointer[spec.Apply]) {
	c.mu.Lock()
	delete(c.byAction, k)
	c.mu.Unlock()
}
