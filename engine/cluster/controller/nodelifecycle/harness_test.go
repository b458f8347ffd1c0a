package nodelifecycle_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/admission"
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle/tainteviction"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

var update = flag.Bool("update", false, "rewrite golden files")

// harness is a control plane with DefaultTolerationSeconds admission, the
// node lifecycle and taint eviction controllers, and fake kubelets that
// renew their Node's Lease every 10 s and post its status when it changes
// or every 5 minutes, as the kubelet does.
type harness struct {
	t        testing.TB
	loop     *sim.Loop
	plane    *apiserver.Plane
	env      *env.Env
	admin    *client.Client
	ctx      *controller.Context
	nlc      *nodelifecycle.Controller
	tec      *tainteviction.Controller
	kubelets map[string]*kubelet
}

func newHarness(t testing.TB, cfg nodelifecycle.Config, nodes ...string) *harness {
	t.Helper()
	loop := sim.NewLoop()
	r := sim.NewRand(1)
	timings := env.Default()
	plane, err := apiserver.New(apiserver.Config{Loop: loop, Rand: r, WatchLatency: timings.LatencyWatch,
		Admission: admission.NewChain(admission.Config{}, admission.NewDefaultTolerationSeconds())})
	if err != nil {
		t.Fatal(err)
	}
	e := &env.Env{Loop: loop, Log: plane.Trace(), Rand: r, Kinds: plane.Registry(), Endpoint: plane.Endpoint(), Timings: timings}
	h := &harness{t: t, loop: loop, plane: plane, env: e, admin: e.Client("admin", ""), kubelets: map[string]*kubelet{}}
	h.ctx = &controller.Context{Env: e, Informers: cache.NewFactory(e.Client("kube-controller-manager", ""), 0),
		ClientFor: func(name string) *client.Client { return e.Client(trace.Actor(name), "") },
		Manager:   "kube-controller-manager"}
	// Kubelets renew at 1 s, 11 s, 21 s, …: off the controller's 5 s grid.
	loop.RunFor(time.Second)
	for _, n := range nodes {
		h.kubelets[n] = newKubelet(h, n)
	}
	h.nlc = nodelifecycle.New(cfg)
	h.tec = tainteviction.New()
	loop.At(sim.Time(5*time.Second), func() {
		h.nlc.Start(h.ctx)
		h.tec.Start(h.ctx)
		h.ctx.Informers.Start()
	})
	return h
}

// runTo runs the loop up to the instant t.
func (h *harness) runTo(t time.Duration) { h.loop.RunFor(sim.Time(t).Sub(h.loop.Now())) }

func (h *harness) create(yaml string) {
	h.t.Helper()
	docs, err := object.DecodeYAML([]byte(yaml))
	if err != nil {
		h.t.Fatal(err)
	}
	for _, d := range docs {
		k, _ := h.env.Kinds.For(d.Object)
		if _, err := h.admin.Create(k, d.Object, api.WriteOptions{}); err != nil {
			h.t.Fatalf("create %s: %v", d.Object.Meta.Name, err)
		}
	}
}

// pod creates a Pod bound to node and reports it running and Ready.
func (h *harness) pod(name, node, tolerations string) {
	h.t.Helper()
	h.create(fmt.Sprintf(`apiVersion: v1
kind: Pod
metadata: {name: %s, namespace: demo, labels: {app: web}}
spec:
  nodeName: %s
  containers: [{name: web, image: "web:v1"}]
%s`, name, node, tolerations))
	k := h.env.Kind("", "Pod")
	o, err := h.admin.Get(k, "demo", name)
	if err != nil {
		h.t.Fatal(err)
	}
	o = o.DeepCopy()
	ts := h.loop.Now().RFC3339()
	o.Content["status"] = map[string]any{"phase": "Running", "podIP": "10.244.0.9",
		"conditions": []any{map[string]any{"type": "Ready", "status": "True", "lastTransitionTime": ts}}}
	if _, err := h.admin.UpdateStatus(k, o, api.WriteOptions{}); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) get(kind, ns, name string) *object.Object {
	h.t.Helper()
	k, err := h.env.Kinds.Resolve(kind)
	if err != nil {
		h.t.Fatal(err)
	}
	o, err := h.admin.Get(k, ns, name)
	if err != nil {
		return nil
	}
	return o
}

// taints renders a Node's taints as "key:effect" in order.
func (h *harness) taints(node string) string {
	var out []string
	for _, t := range object.ViewNode(h.get("nodes", "", node)).Taints {
		out = append(out, t.Key+":"+t.Effect)
	}
	return strings.Join(out, ",")
}

func (h *harness) ready(node string) string {
	v := object.ViewNode(h.get("nodes", "", node))
	return v.Ready()
}

// first returns the instant of the first event matching preds, "" if none.
func (h *harness) first(preds ...trace.Pred) string {
	e, ok := h.env.Log.Query(preds...).First()
	if !ok {
		return ""
	}
	return e.Time.String()
}

// kubelet is a fake kubelet: Lease renewals every 10 s and Node status
// posts every 5 minutes or when its status changed in the API.
type kubelet struct {
	h      *harness
	node   string
	c      *client.Client
	timer  *sim.Timer
	posted sim.Time
	ready  bool
}

func newKubelet(h *harness, node string) *kubelet {
	k := &kubelet{h: h, node: node, c: h.env.Client(trace.Kubelet(node), ""), ready: true}
	now := h.loop.Now().RFC3339()
	conds := []any{}
	for _, c := range []struct{ t, s, reason, msg string }{
		{"MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"},
		{"DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"},
		{"PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"},
		{"Ready", "True", "KubeletReady", "kubelet is posting ready status"},
	} {
		conds = append(conds, map[string]any{"type": c.t, "status": c.s, "reason": c.reason, "message": c.msg,
			"lastHeartbeatTime": now, "lastTransitionTime": now})
	}
	n := object.New("v1", "Node")
	n.Meta = object.Meta{Name: node}
	n.Content["status"] = map[string]any{"conditions": conds}
	if _, err := k.c.Create(h.env.Kind("", "Node"), n, api.WriteOptions{}); err != nil {
		h.t.Fatal(err)
	}
	l := object.New("coordination.k8s.io/v1", "Lease")
	l.Meta = object.Meta{Name: node, Namespace: "kube-node-lease"}
	l.Content["spec"] = map[string]any{"holderIdentity": node, "leaseDurationSeconds": int64(40),
		"renewTime": object.FormatMicroTime(h.loop.Now().Wall())}
	if _, err := k.c.Create(h.env.Kind("coordination.k8s.io", "Lease"), l, api.WriteOptions{}); err != nil {
		h.t.Fatal(err)
	}
	k.posted = h.loop.Now()
	k.timer = h.loop.NewTimer(sim.Func(k.tick))
	k.timer.Reset(h.loop.Now().Add(10 * time.Second))
	return k
}

// stop kills the kubelet (the `kill node` fault, as the controllers see it).
func (k *kubelet) stop() { k.timer.Stop() }

// start brings it back: it posts its status and renews its Lease at once.
func (k *kubelet) start() { k.timer.Reset(k.h.loop.Now()) }

func (k *kubelet) tick() {
	k.timer.Reset(k.h.loop.Now().Add(10 * time.Second))
	lk := k.h.env.Kind("coordination.k8s.io", "Lease")
	if l, err := k.c.Get(lk, "kube-node-lease", k.node); err == nil {
		l = l.DeepCopy()
		l.Content["spec"].(map[string]any)["renewTime"] = object.FormatMicroTime(k.h.loop.Now().Wall())
		_, _ = k.c.Update(lk, l, api.WriteOptions{})
	}
	k.postStatus()
}

// postStatus posts the Node's status when the API's differs from what the
// kubelet reports, or every 5 minutes.
func (k *kubelet) postStatus() {
	nk := k.h.env.Kind("", "Node")
	n, err := k.c.Get(nk, "", k.node)
	if err != nil {
		return
	}
	want := "True"
	if !k.ready {
		want = "False"
	}
	if v := object.ViewNode(n); v.Ready() == want && k.h.loop.Now().Sub(k.posted) < 5*time.Minute {
		return
	}
	n = n.DeepCopy()
	now := k.h.loop.Now().RFC3339()
	for _, c := range n.Status()["conditions"].([]any) {
		m := c.(map[string]any)
		status := "False"
		if m["type"] == "Ready" {
			status = want
		}
		if m["status"] != status {
			m["lastTransitionTime"] = now
		}
		m["status"], m["lastHeartbeatTime"] = status, now
		if m["type"] == "Ready" && want == "False" {
			m["reason"], m["message"] = "KubeletNotReady", "container runtime network not ready"
		} else if m["type"] == "Ready" {
			m["reason"], m["message"] = "KubeletReady", "kubelet is posting ready status"
		}
	}
	if _, err := k.c.UpdateStatus(nk, n, api.WriteOptions{}); err == nil {
		k.posted = k.h.loop.Now()
	}
}

// golden compares the controllers' events (not the API server's gates)
// with testdata/name.golden.
func golden(t *testing.T, log *trace.Log, name string) {
	t.Helper()
	var b strings.Builder
	for e := range log.Query(trace.From("*-controller")).All() {
		if e.Verb.Kind() == trace.KindGate {
			continue
		}
		fmt.Fprintf(&b, "%s %s %s %s", e.Time, e.From, e.Verb, e.Resource)
		if e.Subresource != "" {
			b.WriteString("/" + e.Subresource)
		}
		if e.Namespace != "" {
			fmt.Fprintf(&b, " %s/%s", e.Namespace, e.Name)
		} else if e.Name != "" {
			b.WriteString(" " + e.Name)
		}
		if e.Outcome.Code != 0 || e.Outcome.Reason != "" {
			fmt.Fprintf(&b, " [%d %s]", e.Outcome.Code, e.Outcome.Reason)
		}
		if e.Detail != "" {
			fmt.Fprintf(&b, " %q", e.Detail)
		}
		b.WriteString("\n")
	}
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("trace differs from %s (go test -update rewrites it):\n%s", path, got)
	}
}

func apiList() api.ListOptions { return api.ListOptions{} }
