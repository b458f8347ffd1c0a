package admission

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// patchObject applies a webhook's patch to a copy of the request's object
// and defaults the result, as the mutating dispatcher decodes the patched
// JSON and runs the object defaulter.
func patchObject(a *api.AdmissionAttributes, p JSONPatch) (*object.Object, error) {
	out, err := p.Apply(a.Object.ToMap())
	if err != nil {
		return nil, err
	}
	tree, ok := out.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("patched object is not a JSON object")
	}
	patched, err := object.FromMap(tree)
	if err != nil {
		return nil, err
	}
	if a.Kind != nil && a.Kind.Default != nil {
		a.Kind.Default(patched)
	}
	return patched, nil
}

// diffChanges summarises what changed between two versions of an object.
func diffChanges(old, new *object.Object) trace.Change {
	var ch trace.Change
	for _, d := range object.Diff(old, new) {
		switch d.Op {
		case object.Set:
			ch.Set = append(ch.Set, d.Path)
		case object.Changed:
			ch.Changed = append(ch.Changed, d.Path)
		case object.Removed:
			ch.Removed = append(ch.Removed, d.Path)
		}
	}
	return ch
}

func appendChanges(dst *trace.Change, c trace.Change) {
	dst.Set = append(dst.Set, c.Set...)
	dst.Changed = append(dst.Changed, c.Changed...)
	dst.Removed = append(dst.Removed, c.Removed...)
}
