package cache

import "github.com/loopbook/loopbook/engine/cluster/object"

// ResourceEventHandler is told what happens to an informer's objects
// (tools/cache/controller.go). Handlers run on the loop, during the event
// that caused them, and must not modify the objects they are given.
type ResourceEventHandler interface {
	// OnAdd is called for an object new to the cache; isInInitialList is
	// true for objects of the first LIST and for the replay a handler
	// added to a running informer gets.
	OnAdd(obj *object.Object, isInInitialList bool)
	// OnUpdate is called for a changed object, and with old and new of
	// the same resourceVersion on a resync or a relist.
	OnUpdate(oldObj, newObj *object.Object)
	// OnDelete is called with the final state of a deleted object, an
	// *object.Object, or with a DeletedFinalStateUnknown when the
	// deletion happened while the watch was down.
	OnDelete(obj any)
}

// ResourceEventHandlerFuncs adapts functions to a ResourceEventHandler;
// nil functions are skipped.
type ResourceEventHandlerFuncs struct {
	AddFunc    func(obj *object.Object)
	UpdateFunc func(oldObj, newObj *object.Object)
	DeleteFunc func(obj any)
}

// OnAdd calls AddFunc.
func (f ResourceEventHandlerFuncs) OnAdd(obj *object.Object, _ bool) {
	if f.AddFunc != nil {
		f.AddFunc(obj)
	}
}

// OnUpdate calls UpdateFunc.
func (f ResourceEventHandlerFuncs) OnUpdate(oldObj, newObj *object.Object) {
	if f.UpdateFunc != nil {
		f.UpdateFunc(oldObj, newObj)
	}
}

// OnDelete calls DeleteFunc.
func (f ResourceEventHandlerFuncs) OnDelete(obj any) {
	if f.DeleteFunc != nil {
		f.DeleteFunc(obj)
	}
}

// FilteringResourceEventHandler passes on only the objects FilterFunc
// accepts, turning an update that crosses the filter into an add or a
// delete (tools/cache/controller.go). For a tombstone the filter sees the
// last known object.
type FilteringResourceEventHandler struct {
	FilterFunc func(obj *object.Object) bool
	Handler    ResourceEventHandler
}

// OnAdd passes obj on if it is accepted.
func (r FilteringResourceEventHandler) OnAdd(obj *object.Object, isInInitialList bool) {
	if r.FilterFunc(obj) {
		r.Handler.OnAdd(obj, isInInitialList)
	}
}

// OnUpdate passes an update, an add or a delete on.
func (r FilteringResourceEventHandler) OnUpdate(oldObj, newObj *object.Object) {
	newer, older := r.FilterFunc(newObj), r.FilterFunc(oldObj)
	switch {
	case newer && older:
		r.Handler.OnUpdate(oldObj, newObj)
	case newer:
		r.Handler.OnAdd(newObj, false)
	case older:
		r.Handler.OnDelete(oldObj)
	}
}

// OnDelete passes obj on if it is accepted.
func (r FilteringResourceEventHandler) OnDelete(obj any) {
	if o, ok := ObjectOf(obj); ok && r.FilterFunc(o) {
		r.Handler.OnDelete(obj)
	}
}

// EnqueueKeys is the handler of a controller that syncs its own kind: the
// key (namespace/name) of every object added, updated or deleted (a
// tombstone's object's) goes to add, as the controllers' enqueue
// functions do with the work queue.
func EnqueueKeys(add func(key string)) ResourceEventHandlerFuncs {
	return ResourceEventHandlerFuncs{
		AddFunc:    func(o *object.Object) { add(o.Key()) },
		UpdateFunc: func(_, o *object.Object) { add(o.Key()) },
		DeleteFunc: func(o any) {
			if obj, ok := ObjectOf(o); ok {
				add(obj.Key())
			}
		},
	}
}
