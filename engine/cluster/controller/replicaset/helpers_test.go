package replicaset_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset"
	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset/rstest"
	"github.com/loopbook/loopbook/engine/cluster/object"
	simpkg "github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// rsYAML is a ReplicaSet "web" of n replicas.
const rsYAML = `
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web}
spec:
  replicas: %d
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "web:v1"}]}
`

// fixture is a cluster running the ReplicaSet controller and the stand-in
// kubelet on two nodes.
type fixture struct {
	*rstest.Cluster
	rsKind, podKind, eventKind *object.KindInfo
}

func newFixture(t *testing.T, opts ...rstest.Option) *fixture {
	t.Helper()
	c := rstest.New(t, 1, opts...)
	f := &fixture{Cluster: c, rsKind: c.Kind("apps", "ReplicaSet"), podKind: c.Kind("", "Pod"), eventKind: c.Kind("", "Event")}
	t.Cleanup(c.Stop)
	return f
}

func (f *fixture) start(kubelet bool) {
	if kubelet {
		f.StartKubelet("worker-a", "worker-b")
	}
	f.Start(replicaset.New(replicaset.Config{}))
}

// rs returns the stored ReplicaSet web.
func (f *fixture) rs() *object.Object { return f.Get(f.rsKind, "web") }

// status reads an integer status field of web; absent reads 0.
func (f *fixture) status(field string) int64 {
	v, _, _ := f.rs().Get(".status." + field)
	n, _ := v.(int64)
	return n
}

func (f *fixture) runUntilReady(n int64) {
	f.T.Helper()
	f.RunUntil(fmt.Sprintf("%d ready", n), func() bool { return f.status("readyReplicas") == n }, time.Minute)
}

// pods returns the stored Pods, by name.
func (f *fixture) pods() []*object.Object { return f.List(f.podKind) }

// events returns the messages of the stored Events with a reason, sorted.
func (f *fixture) events(reason string) []string {
	var out []string
	for _, e := range f.List(f.eventKind) {
		if e.Content["reason"] == reason {
			out = append(out, e.Content["message"].(string))
		}
	}
	slices.Sort(out)
	return out
}

// calls returns the API events of actor matching verb and resource.
func (f *fixture) calls(actor trace.Actor, verb trace.Verb, resource string) []*trace.Event {
	return f.Env.Log.Query(trace.From(string(actor)), trace.Verbs(verb), trace.Resource(resource)).Events()
}

// scale sets spec.replicas of web as alice.
func (f *fixture) scale(n int64) {
	f.T.Helper()
	if _, err := f.User.Patch(f.rsKind, rstest.Namespace, "web", api.MergePatch,
		map[string]any{"spec": map[string]any{"replicas": n}}, api.WriteOptions{}); err != nil {
		f.T.Fatal(err)
	}
}

type simTime = simpkg.Time

var simEpoch = simpkg.Epoch
