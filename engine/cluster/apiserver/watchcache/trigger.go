package watchcache

import "github.com/loopbook/loopbook/engine/cluster/object"

// Trigger indexes a cacher's watchers by one field, as the cacher's
// indexedTrigger does with the registry's TriggerFunc
// (k8s.io/apiserver/pkg/storage/cacher/cacher.go, triggerValuesThreadUnsafe
// and the watchers' valueWatchers): a watcher whose field selector requires
// Field to equal a value is handed only the events whose object, after or
// before the change, has that value. Every other watcher is handed every
// event. Which watchers see what does not change, only the cost: a Pod
// event is tested against the kubelet of its node, not against every
// kubelet.
type Trigger struct {
	// Field is the selectable field ("spec.nodeName").
	Field string
	// Value reads the field of an object.
	Value func(o *object.Object) string
}

// builtinTriggers are the triggers of the built-in resources, by store
// prefix: Pods by spec.nodeName (pkg/registry/core/pod/storage/storage.go,
// TriggerFunc: {"spec.nodeName": NodeNameTriggerFunc}). No other resource
// the model serves has one.
var builtinTriggers = map[string]Trigger{
	"/registry/pods/": {Field: "spec.nodeName", Value: podNodeName},
}

// podNodeName is NodeNameTriggerFunc (pkg/registry/core/pod/strategy.go).
func podNodeName(o *object.Object) string {
	spec, _ := o.Content["spec"].(map[string]any)
	name, _ := spec["nodeName"].(string)
	return name
}

// triggerValue returns the value p's field selector requires of the
// trigger's field, and whether the watcher can be indexed by it.
func (t *Trigger) triggerValue(p *Predicate) (string, bool) {
	if t.Value == nil || t.Field == "" {
		return "", false
	}
	return p.Fields.RequiresExactMatch(t.Field)
}
