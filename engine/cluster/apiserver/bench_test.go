package apiserver

import (
	"fmt"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/internal/gctune/gctunetest"
)

// countingHandler is a watch handler that counts events and keeps the
// newest resourceVersion, as a reflector does for its next watch.
type countingHandler struct {
	n      int
	lastRV string
}

func (c *countingHandler) OnEvent(e api.WatchEvent) {
	if e.Type == trace.Bookmark {
		return
	}
	c.n++
	c.lastRV = e.Object.Meta.ResourceVersion
}
func (c *countingHandler) Ended(error) {}

// noAdmission is an admission chain with nothing to do: both admission
// gates run and record their events.
type noAdmission struct{}

func (noAdmission) Mutate(*api.AdmissionAttributes) *api.Status   { return nil }
func (noAdmission) Validate(*api.AdmissionAttributes) *api.Status { return nil }

// settle is what a long run does between writes in a benchmark loop:
// deliver the watch events every 64 writes and reuse the trace every
// 4096. With compact, it also compacts the store then, as the compactor
// would every 5 minutes (the loop's virtual time hardly moves), so that
// old versions are freed.
func (h *harness) settle(i int, compact bool) {
	if i%64 == 63 {
		h.loop.RunFor(20 * time.Millisecond)
	}
	h.reuse(i, compact)
}

// afterWrite is what a benchmark loop does after write i: settle, or
// paced, the loop run for the write's share of the 20 ms every 64 writes
// get (see benchUpdate) and then reuse.
func (h *harness) afterWrite(i int, paced, compact bool) {
	if paced {
		h.loop.RunFor(20 * time.Millisecond / 64)
		h.reuse(i, compact)
		return
	}
	h.settle(i, compact)
}

// reuse is the part of settle after the deliveries: the trace reused, and
// with compact the store compacted, every 4096 writes.
func (h *harness) reuse(i int, compact bool) {
	if i%4096 == 4095 {
		h.p.Trace().Reset()
		if compact {
			h.p.Store().Compact(h.p.Store().Rev())
		}
	}
}

func benchHarness(b *testing.B, admission api.Admission) *harness {
	h := &harness{t: b, loop: sim.NewLoop()}
	cfg := Config{Loop: h.loop, Rand: sim.NewRand(1), Authenticator: users(), Authorizer: fakeAuthz{}, Admission: admission,
		NewPrioritizer: func(trace.Actor) Prioritizer {
			return PrioritizerFunc(func(sim.Time, *api.UserInfo, api.RequestInfo) Priority {
				return Priority{Schema: "global-default", Level: "global-default"}
			})
		}}
	p, err := New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	h.p = p
	if resp := h.do("admin", "POST", "/api/v1/namespaces", obj("v1", "Namespace", "", "demo", nil)); !resp.OK() {
		b.Fatal(resp.Status)
	}
	return h
}

func (h *harness) watchers(b *testing.B, path string, n int) []*countingHandler {
	out := make([]*countingHandler, n)
	for i := range out {
		out[i] = &countingHandler{}
		resp := h.p.Endpoint().Do(&api.Request{From: trace.Actor(fmt.Sprintf("informer-%d", i)), Token: "admin", Method: "GET",
			Path: path, List: api.ListOptions{Watch: true, ResourceVersion: h.rev(), AllowWatchBookmarks: true, TimeoutSeconds: 1 << 30}}, out[i])
		if !resp.OK() {
			b.Fatal(resp.Status)
		}
	}
	return out
}

// BenchmarkCreate is one create through every gate (route, authenticate,
// prioritize, authorize, decode, mutating admission, validation,
// validating admission, persist) with 10 informer-style watchers of the
// resource, their deliveries included (the loop runs every 64 creates).
// The trace is kept, and reset every 4096 creates as a scenario runner
// reuses it. Each body is built for its request and handed over, as the
// client's request builders do (api.Request.BodyOwned).
//
// Each kind runs on the two planes of BenchmarkUpdate: minimal, and
// standard (the suffix -standard), whose writes are paced as there. Each
// runs under Go's default collector pace and under the loopbook
// command's (gctunetest.Paces): the created objects stay in the store, so
// the heap grows with b.N and the pace decides how often it is marked
// again.
func BenchmarkCreate(b *testing.B) {
	for _, kind := range []string{"configmap", "pod"} {
		for _, standard := range []bool{false, true} {
			name := kind
			if standard {
				name += "-standard"
			}
			b.Run(name, func(b *testing.B) { gctunetest.Paces(b, func(b *testing.B) { benchCreate(b, kind, standard) }) })
		}
	}
}

// bodyBatch is how many request bodies a write benchmark builds at once,
// with its timer stopped, just before sending them: a client builds each
// body as it sends it, so the plane finds it in the cache, where bodies
// all built before the loop would have left the cache long before (a
// run of 200,000 ConfigMaps' bodies is some 200 MB).
const bodyBatch = 256

// bodies hands a write benchmark's loop the body of each write, built
// bodyBatch at a time by build(i) for write i.
type bodies struct {
	build func(i int) map[string]any
	batch []map[string]any
}

func newBodies(build func(i int) map[string]any) *bodies {
	return &bodies{build: build, batch: make([]map[string]any, bodyBatch)}
}

// take returns the body of write i of b.N, which it hands over: at the
// start of a batch the batch is built first, b's timer and the meter
// paused meanwhile.
func (bs *bodies) take(b *testing.B, cpu *cpuMeter, i int) map[string]any {
	j := i % bodyBatch
	if j == 0 {
		cpu.pause(b)
		for k := range min(bodyBatch, b.N-i) {
			bs.batch[k] = bs.build(i + k)
		}
		cpu.resume(b)
	}
	body := bs.batch[j]
	bs.batch[j] = nil // the plane's now
	return body
}

// benchCreate is BenchmarkCreate for one kind ("configmap" or "pod") on
// the minimal or the standard plane.
func benchCreate(b *testing.B, kind string, standard bool) {
	h := benchHarness(b, noAdmission{})
	if standard {
		h = newStandard(b).harness
	}
	path, body := cmPath, func(n string) map[string]any { return cmBody(n, "v") }
	if kind == "pod" {
		path, body = podsPath, func(n string) map[string]any { return podBody(n, map[string]any{"app": "web"}) }
	}
	ws := h.watchers(b, path, 10)
	bs := newBodies(func(i int) map[string]any { return body("obj-" + strconv.Itoa(i)) })
	ep := h.p.Endpoint()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := startCPU()
	for i := 0; i < b.N; i++ {
		resp := ep.Do(&api.Request{From: "alice", Token: "alice", Method: "POST", Path: path, Body: bs.take(b, cpu, i), BodyOwned: true}, nil)
		if resp.Code != 201 {
			b.Fatal(resp.Status)
		}
		h.afterWrite(i, standard, false)
	}
	endWrites(b, h, ws, cpu)
}

// BenchmarkUpdate is an update through every gate (a ConfigMap's data
// changes) with 10 watchers: the same work as a create without the
// store growing, so the heap stays the same size. It runs on two planes:
//
//   - minimal: every gate runs and records its event, but authorization
//     allows everything, the admission chain has no plugin, and priority
//     and fairness puts every request in one level;
//   - standard: kube-apiserver's own parts (NewStandard): the token
//     authenticator, Node,RBAC authorization, the default admission
//     plugins and API Priority and Fairness with the bootstrap
//     configuration; alice may edit namespace demo through a RoleBinding.
//
// Each plane runs under the two collector paces of BenchmarkCreate.
func BenchmarkUpdate(b *testing.B) {
	b.Run("minimal", func(b *testing.B) {
		gctunetest.Paces(b, func(b *testing.B) { benchUpdate(b, benchHarness(b, noAdmission{}), false) })
	})
	b.Run("standard", func(b *testing.B) {
		gctunetest.Paces(b, func(b *testing.B) { benchUpdate(b, newStandard(b).harness, true) })
	})
}

// benchUpdate runs BenchmarkUpdate on h. Paced, the loop runs after each
// write for its share of the 20 ms every 64 writes get: one client's
// writes then come one after another in virtual time, as its calls do,
// rather than 64 at one instant, which priority and fairness would queue.
func benchUpdate(b *testing.B, h *harness, paced bool) {
	const n = 1024
	for i := range n {
		h.must(h.do("alice", "POST", cmPath, cmBody(fmt.Sprintf("obj-%d", i), "0")))
		h.settle(i, false) // priority and fairness frees the seats as time passes
	}
	ws := h.watchers(b, cmPath, 10)
	bs := newBodies(func(i int) map[string]any { return cmBody("obj-"+strconv.Itoa(i%n), strconv.Itoa(i+1)) })
	paths := make([]string, n)
	for i := range paths {
		paths[i] = cmPath + fmt.Sprintf("/obj-%d", i)
	}
	ep := h.p.Endpoint()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := startCPU()
	for i := 0; i < b.N; i++ {
		resp := ep.Do(&api.Request{From: "alice", Token: "alice", Method: "PUT", Path: paths[i%n], Body: bs.take(b, cpu, i), BodyOwned: true}, nil)
		if resp.Code != 200 {
			b.Fatal(resp.Status)
		}
		h.afterWrite(i, paced, true)
	}
	endWrites(b, h, ws, cpu)
}

// endWrites ends a benchmark of b.N writes: the last deliveries made, the
// timer stopped, the CPU time and the rate reported, and every watcher of
// ws checked to have seen every write.
func endWrites(b *testing.B, h *harness, ws []*countingHandler, cpu *cpuMeter) {
	h.loop.RunFor(time.Second)
	b.StopTimer()
	cpu.report(b)
	for _, w := range ws {
		if w.n != b.N {
			b.Fatalf("a watcher saw %d events of %d", w.n, b.N)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "writes/s")
}

// BenchmarkList30000Pods lists 30,000 Pods: from the watch cache (any
// version, and consistent), and the first 500 from the store.
func BenchmarkList30000Pods(b *testing.B) {
	h := benchHarness(b, nil)
	for i := range 30000 {
		if resp := h.do("admin", "POST", podsPath, podBody(fmt.Sprintf("web-%05d", i), map[string]any{"app": "web"})); resp.Code != 201 {
			b.Fatal(resp.Status)
		}
	}
	h.p.Trace().Reset()
	for _, tc := range []struct {
		name string
		opts api.ListOptions
		want int
	}{
		{"cache-rv0", api.ListOptions{ResourceVersion: "0"}, 30000},
		{"cache-consistent", api.ListOptions{}, 30000},
		{"cache-selector", api.ListOptions{ResourceVersion: "0", LabelSelector: "app=web"}, 30000},
		{"store-limit500", api.ListOptions{Limit: 500}, 500},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := startCPU()
			defer cpu.report(b)
			for i := 0; i < b.N; i++ {
				resp := h.p.Endpoint().Do(&api.Request{From: "admin", Token: "admin", Method: "GET", Path: podsPath, List: tc.opts}, nil)
				if len(resp.Items) != tc.want {
					b.Fatalf("%d items", len(resp.Items))
				}
				if i%1024 == 1023 {
					h.p.Trace().Reset()
				}
			}
		})
	}
}

// BenchmarkFanout is one write delivered to N watchers; the cost per
// write should grow linearly with N. The writes are delivered every 64
// (as in BenchmarkCreate), and cpu-ns/watcher is the CPU time of the
// deliveries (on the loop's thread) per write per watcher: the cost each
// watcher adds to a write, flat in N when fan-out is linear.
func BenchmarkFanout(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("watchers-%d", n), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			h := benchHarness(b, nil)
			h.must(h.do("alice", "POST", cmPath, cmBody("a", "0")))
			ws := h.watchers(b, cmPath, n)
			bodies := make([]map[string]any, b.N)
			for i := range bodies {
				bodies[i] = cmBody("a", fmt.Sprint(i+1))
			}
			ep := h.p.Endpoint()
			b.ReportAllocs()
			b.ResetTimer()
			cpu := startCPU()
			var deliveries int64 // CPU time of the deliveries
			for i := 0; i < b.N; i++ {
				resp := ep.Do(&api.Request{From: "alice", Token: "alice", Method: "PUT", Path: cmPath + "/a", Body: bodies[i]}, nil)
				if resp.Code != 200 {
					b.Fatal(resp.Status)
				}
				if i%64 == 63 || i == b.N-1 {
					start := threadCPUNanos()
					h.loop.RunFor(20 * time.Millisecond)
					deliveries += threadCPUNanos() - start
					if h.p.Trace().Len() > 1<<16 {
						h.p.Trace().Reset()
					}
				}
			}
			b.StopTimer()
			cpu.report(b)
			for _, w := range ws {
				if w.n != b.N {
					b.Fatalf("a watcher got %d events of %d", w.n, b.N)
				}
			}
			b.ReportMetric(float64(deliveries)/float64(b.N)/float64(n), "cpu-ns/watcher")
		})
	}
}
