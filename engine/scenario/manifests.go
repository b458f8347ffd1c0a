package scenario

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/scenario/spec"
	"github.com/loopbook/loopbook/engine/weakmemo"
)

// manifests keeps the objects each apply action's manifest decodes to,
// for as long as the action lives: a failures block runs its scenario's
// actions once per fault and once more for its control run, a gates
// block once per variant, and a parsed action does not change. The kept
// objects are shared among runs, never handed out to be modified: an
// apply sends copies (see manifestCopy). A manifest that does not decode
// is not kept: each run gets its error afresh.
var manifests = weakmemo.New(func(a *spec.Apply) ([]*object.Object, error) { return Objects(a.Object) })

// manifest returns the objects a's manifest decodes to (see Objects),
// shared: only to be read.
func manifest(a *spec.Apply) ([]*object.Object, error) {
	return manifests.Of(a)
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

// runManifests are the objects a run's apply and create actions write,
// for cluster.Config.Manifests: the kinds among them turn on the opt-in
// controllers that run them (a Job, the Job controller). They are shared,
// only to be read; a manifest that does not decode is left out here, and
// its action reports it.
func runManifests(actions []spec.Action) []*object.Object {
	var out []*object.Object
	for _, a := range actions {
		if ap, ok := a.(*spec.Apply); ok {
			objs, _ := manifest(ap)
			out = append(out, objs...)
		}
	}
	return out
}
