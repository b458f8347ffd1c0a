package scheduler

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// harness is a control plane without auth or admission, an admin client,
// and one scheduler replica leading.
type harness struct {
	t     testing.TB
	loop  *sim.Loop
	plane *apiserver.Plane
	env   *env.Env
	admin *client.Client
	sched *Scheduler
	start int // trace position after setup
}

type harnessOpt func(*Config)

func newHarness(t testing.TB, opts ...harnessOpt) *harness {
	t.Helper()
	loop := sim.NewLoop()
	r := sim.NewRand(1)
	plane, err := apiserver.New(apiserver.Config{Loop: loop, Rand: r})
	if err != nil {
		t.Fatal(err)
	}
	e := &env.Env{Loop: loop, Log: plane.Trace(), Rand: r, Kinds: plane.Registry(), Endpoint: plane.Endpoint(), Timings: env.Default()}
	h := &harness{t: t, loop: loop, plane: plane, env: e, admin: e.Client("admin", "")}
	h.create(nsObject("demo"))
	cfg := Config{Env: e, Name: trace.Scheduler, DisableLeaderElection: true}
	for _, o := range opts {
		o(&cfg)
	}
	h.sched = New(cfg)
	return h
}

// startScheduler starts the replica (which, without leader election,
// schedules at once).
func (h *harness) startScheduler() { h.sched.Start() }

func nsObject(name string) *object.Object {
	o := object.New("v1", "Namespace")
	o.Meta.Name = name
	return o
}

func (h *harness) kind(k string) *object.KindInfo { return h.env.Kind("", k) }

func (h *harness) create(o *object.Object) *object.Object {
	h.t.Helper()
	k, _ := h.env.Kinds.ByKind(o.APIVersion, o.Kind)
	got, err := h.admin.Create(k, o, api.WriteOptions{})
	if err != nil {
		h.t.Fatalf("create %s %s: %v", o.Kind, o.Meta.Name, err)
	}
	return got
}

func (h *harness) patch(kind, ns, name string, p map[string]any, sub ...string) {
	h.t.Helper()
	if _, err := h.admin.Patch(h.kind(kind), ns, name, api.MergePatch, p, api.WriteOptions{}, sub...); err != nil {
		h.t.Fatalf("patch %s %s: %v", kind, name, err)
	}
}

func (h *harness) get(kind, ns, name string) *object.Object {
	h.t.Helper()
	o, err := h.admin.Get(h.kind(kind), ns, name)
	if err != nil {
		h.t.Fatalf("get %s %s/%s: %v", kind, ns, name, err)
	}
	return o
}

// nodeSpec describes a test node.
type nodeSpec struct {
	name, cpu, memory string
	pods              int64
	labels            map[string]string
	taints            []any
	unschedulable     bool
}

func nodeObject(n nodeSpec) *object.Object {
	o := object.New("v1", "Node")
	o.Meta.Name = n.name
	o.Meta.Labels = map[string]string{"kubernetes.io/hostname": n.name}
	for k, v := range n.labels {
		o.Meta.Labels[k] = v
	}
	pods := n.pods
	if pods == 0 {
		pods = 110
	}
	res := map[string]any{"cpu": n.cpu, "memory": n.memory, "pods": fmt.Sprint(pods), "ephemeral-storage": "100Gi"}
	spec := map[string]any{}
	if len(n.taints) > 0 {
		spec["taints"] = n.taints
	}
	if n.unschedulable {
		spec["unschedulable"] = true
	}
	o.Content["spec"] = spec
	o.Content["status"] = map[string]any{"capacity": res, "allocatable": res,
		"conditions": []any{map[string]any{"type": "Ready", "status": "True"}}}
	return o
}

func (h *harness) node(n nodeSpec) { h.create(nodeObject(n)) }

// podSpec describes a test Pod.
type podSpec struct {
	name, cpu, memory string
	labels            map[string]string
	nodeSelector      map[string]string
	tolerations       []any
	hostPort          int64
	priority          int64
	affinity          map[string]any
}

func podObject(p podSpec) *object.Object {
	o := object.New("v1", "Pod")
	o.Meta.Namespace, o.Meta.Name = "demo", p.name
	o.Meta.Labels = p.labels
	c := map[string]any{"name": "web", "image": "web:v1"}
	req := map[string]any{}
	if p.cpu != "" {
		req["cpu"] = p.cpu
	}
	if p.memory != "" {
		req["memory"] = p.memory
	}
	if len(req) > 0 {
		c["resources"] = map[string]any{"requests": req}
	}
	if p.hostPort > 0 {
		c["ports"] = []any{map[string]any{"containerPort": int64(80), "hostPort": p.hostPort}}
	}
	spec := map[string]any{"containers": []any{c}}
	if p.nodeSelector != nil {
		ns := map[string]any{}
		for k, v := range p.nodeSelector {
			ns[k] = v
		}
		spec["nodeSelector"] = ns
	}
	if p.tolerations != nil {
		spec["tolerations"] = p.tolerations
	}
	if p.priority != 0 {
		spec["priority"] = p.priority
	}
	if p.affinity != nil {
		spec["affinity"] = p.affinity
	}
	o.Content["spec"] = spec
	return o
}

func (h *harness) pod(p podSpec) { h.create(podObject(p)) }

// run lets d of virtual time pass.
func (h *harness) run(d time.Duration) { h.loop.RunFor(d) }

// nodeOf returns the node a Pod is bound to ("" if none).
func (h *harness) nodeOf(name string) string {
	return h.get("Pod", "demo", name).GetString(".spec.nodeName")
}

// condition returns the Pod's PodScheduled condition fields.
func (h *harness) condition(name string) (status, reason, message string) {
	for _, c := range listOf(h.get("Pod", "demo", name).Status()["conditions"]) {
		m := c.(map[string]any)
		if m["type"] == "PodScheduled" {
			s, _ := m["status"].(string)
			r, _ := m["reason"].(string)
			msg, _ := m["message"].(string)
			return s, r, msg
		}
	}
	return "", "", ""
}

// events lists the Events about a Pod as "Type Reason: message".
func (h *harness) events(pod string) []string {
	l, err := h.admin.List(h.kind("Event"), "demo", api.ListOptions{})
	if err != nil {
		h.t.Fatal(err)
	}
	var out []string
	for _, e := range l.Items {
		if e.GetString(".involvedObject.name") == pod {
			out = append(out, e.GetString(".type")+" "+e.GetString(".reason")+": "+e.GetString(".message"))
		}
	}
	return out
}

// schedulerTrace renders the scheduler's decisions and its writes.
func (h *harness) schedulerTrace(from int) string {
	var b strings.Builder
	for ev := range h.env.Log.Query(trace.From(string(h.sched.Name()))).After(from - 1).All() {
		if ev.Verb.Kind() == trace.KindAPI && (ev.Verb == trace.List || ev.Verb == trace.Watch || ev.Verb == trace.Get) {
			continue
		}
		fmt.Fprintf(&b, "%s %s %s", ev.Time, ev.From, ev.Verb)
		if ev.Resource != "" {
			r := ev.Resource
			if ev.Subresource != "" {
				r += "/" + ev.Subresource
			}
			fmt.Fprintf(&b, " %s", r)
		}
		if ev.Name != "" {
			if ev.Namespace != "" {
				fmt.Fprintf(&b, " %s/%s", ev.Namespace, ev.Name)
			} else {
				fmt.Fprintf(&b, " %s", ev.Name)
			}
		}
		if ev.Outcome.Code != 0 || ev.Outcome.Reason != "" {
			fmt.Fprintf(&b, " -> %d %s", ev.Outcome.Code, ev.Outcome.Reason)
		}
		if ev.Outcome.Message != "" {
			fmt.Fprintf(&b, " %q", ev.Outcome.Message)
		}
		if ev.Detail != "" {
			fmt.Fprintf(&b, "\n    %s", ev.Detail)
		}
		b.WriteString("\n")
	}
	return b.String()
}
