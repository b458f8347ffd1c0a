package deployment_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/controller/deployment"
	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset"
	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset/rstest"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// webYAML is a Deployment "web": replicas, image, then extra spec lines.
const webYAML = `
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: %d
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "%s"}]}
`

// web renders webYAML with extra spec fields ("minReadySeconds: 5").
func web(replicas int, image string, extra ...string) string {
	y := fmt.Sprintf(webYAML, replicas, image)
	for _, e := range extra {
		y += "  " + e + "\n"
	}
	return y
}

// fixture is a cluster running both controllers and the stand-in kubelet.
type fixture struct {
	*rstest.Cluster
	dKind, rsKind, podKind, eventKind *object.KindInfo
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	c := rstest.New(t, 1)
	f := &fixture{Cluster: c, dKind: c.Kind("apps", "Deployment"), rsKind: c.Kind("apps", "ReplicaSet"),
		podKind: c.Kind("", "Pod"), eventKind: c.Kind("", "Event")}
	t.Cleanup(c.Stop)
	return f
}

func (f *fixture) start() { f.StartKubeletOn([]string{"worker-a", "worker-b"}) }

// StartKubeletOn starts the stand-in kubelet on nodes, then the
// controllers.
func (f *fixture) StartKubeletOn(nodes []string) {
	f.StartKubelet(nodes...)
	f.Start(deployment.New(deployment.Config{}), replicaset.New(replicaset.Config{}))
}

func (f *fixture) deployment() *object.Object { return f.Get(f.dKind, "web") }

// status reads an integer status field of the Deployment; absent reads 0.
func (f *fixture) status(field string) int64 {
	v, _, _ := f.deployment().Get(".status." + field)
	n, _ := v.(int64)
	return n
}

// condition returns the Deployment's condition of a type.
func (f *fixture) condition(t string) map[string]any {
	v, _, _ := f.deployment().Get(".status.conditions[type=" + t + "]")
	m, _ := v.(map[string]any)
	return m
}

// complete runs until the rollout is complete: every replica updated and
// available, nothing else left.
func (f *fixture) complete(replicas int64) {
	f.T.Helper()
	f.RunUntil("rollout complete", func() bool {
		d := f.deployment()
		gen := d.Meta.Generation
		return f.status("observedGeneration") == gen && f.status("updatedReplicas") == replicas &&
			f.status("replicas") == replicas && f.status("availableReplicas") == replicas &&
			f.condition(deployment.Progressing)["reason"] == deployment.NewRSAvailableReason
	}, 10*time.Minute)
}

// patch merges spec fields into the Deployment as alice.
func (f *fixture) patch(spec map[string]any) {
	f.T.Helper()
	if _, err := f.User.Patch(f.dKind, rstest.Namespace, "web", api.StrategicMergePatch,
		map[string]any{"spec": spec}, api.WriteOptions{}); err != nil {
		f.T.Fatal(err)
	}
}

// setImage changes the container's image, as kubectl set image does.
func (f *fixture) setImage(image string) {
	f.patch(map[string]any{"template": map[string]any{"spec": map[string]any{
		"containers": []any{map[string]any{"name": "web", "image": image}}}}})
}

// replicaSets returns the stored ReplicaSets, oldest revision first.
func (f *fixture) replicaSets() []*object.Object {
	rss := f.List(f.rsKind)
	slices.SortFunc(rss, func(a, b *object.Object) int {
		return strings.Compare(fmt.Sprintf("%09s", a.Meta.Annotations[deployment.RevisionAnnotation]),
			fmt.Sprintf("%09s", b.Meta.Annotations[deployment.RevisionAnnotation]))
	})
	return rss
}

// scalingEvents returns the ScalingReplicaSet messages in the order they
// were recorded.
func (f *fixture) scalingEvents() []string {
	evs := f.List(f.eventKind)
	slices.SortFunc(evs, func(a, b *object.Object) int { return strings.Compare(a.Meta.Name, b.Meta.Name) })
	var out []string
	for _, e := range evs {
		if e.Content["reason"] == "ScalingReplicaSet" {
			out = append(out, e.Content["message"].(string))
		}
	}
	return out
}

func (f *fixture) calls(actor trace.Actor, verb trace.Verb, resource string) []*trace.Event {
	return f.Env.Log.Query(trace.From(string(actor)), trace.Verbs(verb), trace.Resource(resource)).Events()
}

// observer follows every write to the store, as the lessons' `values` and
// `always` claims do: the successive spec.replicas of each ReplicaSet, and
// a check of the rollout invariants after each write.
type observer struct {
	pods, rss map[string]*object.Object
	// values are the distinct successive spec.replicas per ReplicaSet name.
	values map[string][]int64
	// check, when set, is called after every write.
	check func(o *observer)
}

func (f *fixture) observe() *observer {
	f.T.Helper()
	o := &observer{pods: map[string]*object.Object{}, rss: map[string]*object.Object{}, values: map[string][]int64{}}
	st := f.Plane.Store()
	for _, kv := range f.rangePrefix("/registry/pods/") {
		o.pods[kv.Key] = kv.Value
	}
	for _, kv := range f.rangePrefix("/registry/replicasets/") {
		o.rss[kv.Key] = kv.Value
		o.record(kv.Value)
	}
	_, err := st.Watch("/registry/", st.Rev()+1, store.HandlerFunc[*object.Object](func(ev store.Event[*object.Object]) {
		m, isRS := o.pods, strings.HasPrefix(ev.KV.Key, "/registry/replicasets/")
		switch {
		case isRS:
			m = o.rss
		case !strings.HasPrefix(ev.KV.Key, "/registry/pods/"):
			return
		}
		if ev.Type == store.Delete {
			delete(m, ev.KV.Key)
		} else {
			m[ev.KV.Key] = ev.KV.Value
			if isRS {
				o.record(ev.KV.Value)
			}
		}
		if o.check != nil {
			o.check(o)
		}
	}))
	if err != nil {
		f.T.Fatal(err)
	}
	return o
}

func (f *fixture) rangePrefix(p string) []store.KeyValue[*object.Object] {
	res, err := f.Plane.Store().RangePrefix(p, store.RangeOptions{})
	if err != nil {
		f.T.Fatal(err)
	}
	return res.KVs
}

func (o *observer) record(rs *object.Object) {
	v, _, _ := rs.Get(".spec.replicas")
	n, _ := v.(int64)
	l := o.values[rs.Meta.Name]
	if len(l) == 0 || l[len(l)-1] != n {
		o.values[rs.Meta.Name] = append(l, n)
	}
}

// counts returns the active Pods (not being deleted) and the available
// ones among them (Ready).
func (o *observer) counts() (active, available int) {
	for _, p := range o.pods {
		if p.Meta.DeletionTimestamp != nil {
			continue
		}
		active++
		if v, _, _ := p.Get(".status.conditions[type=Ready].status"); v == "True" {
			available++
		}
	}
	return active, available
}

// desiredTotal is the sum of the ReplicaSets' spec.replicas.
func (o *observer) desiredTotal() (n int64) {
	for _, rs := range o.rss {
		v, _, _ := rs.Get(".spec.replicas")
		x, _ := v.(int64)
		n += x
	}
	return n
}

func decode(t testing.TB, yaml string) *object.Object {
	t.Helper()
	docs, err := object.DecodeYAML([]byte(yaml))
	if err != nil || len(docs) != 1 || docs[0].Err != nil {
		t.Fatalf("decode: %v", err)
	}
	o := docs[0].Object
	o.Meta.Namespace = rstest.Namespace
	return o
}

// rstestTime is a virtual instant d after the start.
func rstestTime(d time.Duration) sim.Time { return sim.Time(d) }
