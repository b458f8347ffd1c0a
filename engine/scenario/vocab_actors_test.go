package scenario

import (
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/controller/cronjob"
	"github.com/loopbook/loopbook/engine/cluster/controller/daemon"
	"github.com/loopbook/loopbook/engine/cluster/controller/deployment"
	"github.com/loopbook/loopbook/engine/cluster/controller/disruption"
	"github.com/loopbook/loopbook/engine/cluster/controller/endpointslice"
	"github.com/loopbook/loopbook/engine/cluster/controller/job"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle"
	"github.com/loopbook/loopbook/engine/cluster/controller/podautoscaler"
	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset"
	"github.com/loopbook/loopbook/engine/cluster/controller/resourcequota"
	"github.com/loopbook/loopbook/engine/cluster/controller/statefulset"
	"github.com/loopbook/loopbook/engine/cluster/controller/ttlafterfinished"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// Every controller the engine runs traces under a name the lesson format
// knows, so that an author can name it in a step or a claim.
func TestVocabularyKnowsEveryController(t *testing.T) {
	actors := spec.DefaultVocabulary().Actors
	for _, name := range []string{
		cronjob.Name, daemon.Name, deployment.Name, disruption.Name, endpointslice.Name, job.Name,
		nodelifecycle.Name, podautoscaler.Name, replicaset.Name, resourcequota.Name, statefulset.Name,
		ttlafterfinished.Name, auth.ControllerGarbageCollector, auth.ControllerNamespace,
	} {
		if !slices.Contains(actors, name) {
			t.Errorf("the vocabulary does not know the controller %q", name)
		}
	}
}
