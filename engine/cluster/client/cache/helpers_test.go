package cache_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/internal/fakeapi"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// env is a loop, a fake API server, an admin client that writes, and an
// informer client whose requests are recorded with their instants.
type env struct {
	t     testing.TB
	loop  *sim.Loop
	srv   *fakeapi.Server
	admin *client.Client
	c     *client.Client
	log   *requestLog
	pods  *object.KindInfo
}

type sent struct {
	at  time.Duration
	req *api.Request
}

// requestLog records the informer client's requests.
type requestLog struct {
	loop *sim.Loop
	next api.Endpoint
	reqs []sent
}

func (l *requestLog) Do(req *api.Request, h api.WatchHandler) *api.Response {
	// A copy: the client may send its next request in the same one.
	c := *req
	l.reqs = append(l.reqs, sent{l.loop.Now().Duration(), &c})
	return l.next.Do(req, h)
}

// lines renders the requests as "0.000s LIST rv=0 limit=500".
func (l *requestLog) lines() []string {
	var out []string
	for _, s := range l.reqs {
		verb := "LIST"
		if s.req.List.Watch {
			verb = "WATCH"
		}
		line := fmt.Sprintf("%s %s rv=%s", sim.Time(s.at), verb, s.req.List.ResourceVersion)
		if s.req.List.Limit > 0 {
			line += fmt.Sprintf(" limit=%d", s.req.List.Limit)
		}
		if s.req.List.Continue != "" {
			line += " continue"
		}
		out = append(out, line)
	}
	return out
}

func newEnv(t testing.TB) *env {
	t.Helper()
	loop := sim.NewLoop()
	srv := fakeapi.New(loop)
	log := &requestLog{loop: loop, next: srv}
	e := &env{t: t, loop: loop, srv: srv, log: log,
		admin: client.New("admin", "", srv, loop, nil),
		c:     client.New("kube-controller-manager", "", log, loop, nil)}
	e.pods, _ = srv.Registry.ByGVR("", "v1", "pods")
	return e
}

func pod(ns, name string) *object.Object {
	o := object.New("v1", "Pod")
	o.Meta.Namespace, o.Meta.Name = ns, name
	o.Content["spec"] = map[string]any{"containers": []any{map[string]any{"name": "app", "image": "web:v1"}}}
	return o
}

func (e *env) create(ns, name string) *object.Object {
	e.t.Helper()
	o, err := e.admin.Create(e.pods, pod(ns, name), api.WriteOptions{})
	if err != nil {
		e.t.Fatalf("create %s/%s: %v", ns, name, err)
	}
	return o
}

func (e *env) patch(ns, name string, patch map[string]any) {
	e.t.Helper()
	if _, err := e.admin.Patch(e.pods, ns, name, api.MergePatch, patch, api.WriteOptions{}); err != nil {
		e.t.Fatalf("patch %s/%s: %v", ns, name, err)
	}
}

func (e *env) delete(ns, name string) {
	e.t.Helper()
	if _, err := e.admin.Delete(e.pods, ns, name, api.DeleteOptions{}); err != nil {
		e.t.Fatalf("delete %s/%s: %v", ns, name, err)
	}
}

// whileDown writes through the admin client during an outage: the
// server comes up for the writes and goes down again within one instant,
// so the informer never sees it up.
func (e *env) whileDown(writes func()) {
	e.srv.SetDown(false)
	writes()
	e.srv.SetDown(true)
}

// notes records what a handler is told, one line per notification.
type notes struct {
	loop  *sim.Loop
	lines []string
}

func (n *notes) OnAdd(obj *object.Object, initial bool) {
	s := "add " + obj.Key()
	if initial {
		s += " (initial)"
	}
	n.lines = append(n.lines, s)
}

func (n *notes) OnUpdate(old, cur *object.Object) {
	if old.Meta.ResourceVersion == cur.Meta.ResourceVersion {
		n.lines = append(n.lines, fmt.Sprintf("resync %s @%s", cur.Key(), n.loop.Now()))
		return
	}
	n.lines = append(n.lines, "update "+cur.Key())
}

func (n *notes) OnDelete(obj any) {
	switch o := obj.(type) {
	case cache.DeletedFinalStateUnknown:
		n.lines = append(n.lines, "delete "+o.Key+" (tombstone)")
	case *object.Object:
		n.lines = append(n.lines, "delete "+o.Key())
	}
}

func (n *notes) take() []string {
	out := n.lines
	n.lines = nil
	return out
}

// cacheState renders a cache as sorted "key@rv" lines.
func cacheState(objs []*object.Object) string {
	var out []string
	for _, o := range objs {
		out = append(out, o.Key()+"@"+o.Meta.ResourceVersion)
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

func (e *env) checkCache(inf *cache.SharedInformer, ns string) {
	e.t.Helper()
	got, want := cacheState(inf.Indexer().List()), cacheState(e.srv.Objects(e.pods, ns))
	if got != want {
		e.t.Errorf("cache = %s\nserver = %s", got, want)
	}
}

func diffLines(t testing.TB, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got  %q\n want %q", what, got, want)
	}
}
