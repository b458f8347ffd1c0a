package spec

import (
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/fault"
)

func TestFailuresBlock(t *testing.T) {
	f := parse[*Failures](t, "failures", `id: break-one-dependency
cluster: two-workers
baseline: create-deployment
observe: 10m
faults:
  - fault: crash container demo/web-b
    title: Crash one container
    stops: the web-b container and its readiness
    continues: the Pod object, its identity, API state and other ready backends
    detector: kubelet observes the container exit through the runtime
    change: Pod/web-b status and restartCount; no replacement Pod is created
    loop: kubelet on worker-b according to restartPolicy
    traffic: web-b leaves ready endpoints until it recovers; healthy backends can continue
    recovery: the same Pod's container restarts and passes readiness
    claims:
      - unchanged pod demo/web-b .metadata.uid
      - pod demo/web-b .status.containerStatuses[0].restartCount >= 1
    commands: [kubectl get pod web-b, kubectl describe pod web-b]
  - fault: kill node worker-b
  - fault: kill controller-manager
  - fault: kill scheduler
    claims:
      - count pods demo app=probe,status.phase=Pending == 3
  - fault: stop apiservers
  - fault: kill apiserver apiserver
  - fault: block webhook deny-latest
  - fault: break rbac alice
  - fault: break etcd
  - fault: overload api
  - fault: remove kube-proxy
`)
	if f.Baseline.Value != "create-deployment" || f.Observe.Value != 10*time.Minute {
		t.Errorf("baseline %s observe %s", show(f.Baseline), show(f.Observe))
	}
	var kinds []fault.Kind
	for _, fc := range f.Faults {
		kinds = append(kinds, fc.Fault.Kind)
	}
	want := []fault.Kind{fault.CrashContainer, fault.KillNode, fault.KillControllerManager, fault.KillScheduler, fault.StopAPIServers, fault.KillAPIServer,
		fault.BlockWebhook, fault.BreakRBAC, fault.BreakEtcd, fault.OverloadAPI, fault.RemoveKubeProxy}
	if !slices.Equal(kinds, want) {
		t.Errorf("faults %v", kinds)
	}
	first := f.Faults[0]
	for name, cell := range map[string]Scalar[string]{"stops": first.Stops, "continues": first.Continues, "detector": first.Detector,
		"change": first.Change, "loop": first.Loop, "traffic": first.Traffic, "recovery": first.Recovery, "title": first.Title} {
		if !cell.IsSet() {
			t.Errorf("%s not read", name)
		}
	}
	if len(first.Claims) != 2 || len(f.Faults[3].Claims) != 1 {
		t.Errorf("claims %d %d", len(first.Claims), len(f.Faults[3].Claims))
	}
	if got := show(first.Commands); got != `[Command{Text:"kubectl get pod web-b" Verb:Word{Text:"get"} Args:[Word{Text:"pod"} Word{Text:"web-b"}]} Command{Text:"kubectl describe pod web-b" Verb:Word{Text:"describe"} Args:[Word{Text:"pod"} Word{Text:"web-b"}]}]` {
		t.Errorf("commands %s", got)
	}
	if f.Faults[1].Fault.Target.Text != "worker-b" || f.Faults[2].Fault.Target != nil {
		t.Error("fault targets")
	}
	if err := f.Check(testVocabulary(t)); err != nil {
		t.Errorf("check: %v", err)
	}
}

func TestWhatifBlockKeepsOrder(t *testing.T) {
	w := parse[*Whatif](t, "whatif", `id: pod-boundaries
cluster: two-workers
base: |
  apiVersion: v1
  kind: Pod
  metadata: {name: web-a, namespace: demo}
  spec: {containers: [{name: web, image: "web:v1"}]}
inputs:
  cpu request: {fits: 500m, too large: "16"}
  node taint: {none: null, dedicated: dedicated=gpu:NoSchedule}
  node selector: {none: null, ssd only: disktype=ssd}
  readiness probe: {passes: pass, fails: fail}
show: [phase, conditions, scheduler message, "kubectl get pod -o wide"]
`)
	var labels []string
	for _, in := range w.Inputs {
		labels = append(labels, in.Label.Value)
		for _, o := range in.Options {
			labels = append(labels, "  "+o.Label.Value+"="+o.Value.Text)
		}
	}
	want := []string{"cpu request", "  fits=500m", "  too large=16", "node taint", "  none=null", "  dedicated=dedicated=gpu:NoSchedule",
		"node selector", "  none=null", "  ssd only=disktype=ssd", "readiness probe", "  passes=pass", "  fails=fail"}
	if !slices.Equal(labels, want) {
		t.Errorf("inputs %q", labels)
	}
	if !w.Inputs[1].Options[0].Value.IsNull() || w.Inputs[0].Options[1].Value.Value != "16" {
		t.Error("option values")
	}
	if w.Combinations() != 16 {
		t.Errorf("%d combinations", w.Combinations())
	}
	if got := show(w.Show); got != `[Scalar[string]{Value:"phase"} Scalar[string]{Value:"conditions"} Scalar[string]{Value:"scheduler message"} Scalar[string]{Value:"kubectl get pod -o wide"}]` {
		t.Errorf("show %s", got)
	}
	if err := w.Check(testVocabulary(t)); err != nil {
		t.Errorf("check: %v", err)
	}
}

func TestGatesBlock(t *testing.T) {
	g := parse[*Gates](t, "gates", `id: create-gates
cluster: two-workers
request:
  as: alice
  create: |
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, namespace: demo}
    spec: {replicas: 3}
variants:
  - {label: allowed}
  - {label: bad token, token: wrong}
  - {label: no RBAC, as: bob}
  - {label: policy denies, webhook: deny-latest}
  - {label: "replicas: three", set: {spec.replicas: three}}
  - {label: etcd down, fault: break etcd}
`)
	if !g.Request.Create || g.Request.As.Value != "alice" || g.Request.Object.Pos.Line != line(6) {
		t.Errorf("request %s", show(g.Request))
	}
	want := `[Variant{Label:Scalar[string]{Value:"allowed"}} Variant{Label:Scalar[string]{Value:"bad token"} Token:Scalar[string]{Value:"wrong"}} ` +
		`Variant{Label:Scalar[string]{Value:"no RBAC"} As:Scalar[string]{Value:"bob"}} Variant{Label:Scalar[string]{Value:"policy denies"} Webhook:Scalar[string]{Value:"deny-latest"}} ` +
		`Variant{Label:Scalar[string]{Value:"replicas: three"} Set:[Setting{Path:FieldPath{Text:"spec.replicas" Path:.spec.replicas} Value:Data{Value:"three" Text:"three"}}]} ` +
		`Variant{Label:Scalar[string]{Value:"etcd down"} Fault:Fault{Text:"break etcd" Kind:break etcd}}]`
	if got := show(g.Variants); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if err := g.Check(testVocabulary(t)); err != nil {
		t.Errorf("check: %v", err)
	}
}

func TestQuizBlock(t *testing.T) {
	q := parse[*Quiz](t, "quiz", `id: seven-shortcuts
title: Check the seven tempting shortcuts
questions:
  - statement: kubectl is Kubernetes.
    answer: myth
    explain: kubectl is one API client.
    proof: {scenario: create-deployment, claim: "never alice -> etcd"}
  - statement: Which actor records a Pod's placement?
    choices: [the kubelet, the scheduler, etcd]
    answer: 2
  - statement: Which actor records a Pod's placement, by name?
    choices: [the kubelet, the scheduler, etcd]
    answer: the scheduler
  - statement: Which of these talk to the API server?
    choices: [kubelet, etcd, scheduler]
    answer: [1, scheduler]
  - statement: Click the actor that binds Pods.
    kind: which actor
    answer: scheduler
    proof: {scenario: create-deployment, claim: "scheduler CREATE pods/binding demo/* before kubelet/* CRI.StartContainer"}
`)
	want := []struct {
		kind    QuestionKind
		answer  string
		correct []int
	}{
		{MythOrFact, "myth", nil}, {SingleChoice, "2", []int{1}}, {SingleChoice, "the scheduler", []int{1}},
		{MultipleChoice, "", []int{0, 2}}, {WhichActor, "scheduler", nil},
	}
	for i, w := range want {
		qu := q.Questions[i]
		if qu.Kind != w.kind || qu.Answer.Value != w.answer || !slices.Equal(qu.Correct, w.correct) {
			t.Errorf("question %d: %s %q %v", i+1, qu.Kind, qu.Answer.Value, qu.Correct)
		}
	}
	if p := q.Questions[0].Proof; p == nil || p.Scenario.Value != "create-deployment" || p.Claim.(*CallClaim).To.Text != "etcd" {
		t.Errorf("proof %s", show(q.Questions[0].Proof))
	}
	if err := q.Check(testVocabulary(t)); err != nil {
		t.Errorf("check: %v", err)
	}
}

func TestMapBlock(t *testing.T) {
	m := parse[*Map](t, "map", `id: who-talks
actors: [alice, apiserver, etcd, scheduler, kubelet/worker-a, kubelet/worker-b]
why:
  scheduler: Choose placement; it does not start containers.
  etcd: Remember accepted desired and observed state.
  kubelet/worker-a: Make assigned Pod state real on worker-a.
`)
	if m.All || len(m.Actors) != 6 {
		t.Errorf("actors %s", show(m.Actors))
	}
	var order []string
	for _, w := range m.Why {
		order = append(order, w.Actor.Text)
	}
	if !slices.Equal(order, []string{"scheduler", "etcd", "kubelet/worker-a"}) {
		t.Errorf("why order %q", order)
	}
	if err := m.Check(testVocabulary(t)); err != nil {
		t.Errorf("check: %v", err)
	}
	all := parse[*Map](t, "map", "id: everything\nactors: all\n")
	if !all.All || all.Actors != nil {
		t.Error("actors: all")
	}
	if none := parse[*Map](t, "map", "id: everything\n"); !none.All {
		t.Error("no actors means all")
	}
}

func TestBlockInterface(t *testing.T) {
	for _, kind := range BlockKinds() {
		body := map[string]string{
			"scenario": "id: x\ntitle: X\n",
			"failures": "id: x\nbaseline: y\nfaults: [{fault: break etcd}]\n",
			"whatif":   "id: x\nbase: b\ninputs: {image: {one: a, two: b}}\n",
			"gates":    "id: x\nrequest: {as: alice, create: c}\nvariants: [{label: allowed}]\n",
			"quiz":     "id: x\nquestions: [{statement: s, answer: fact}]\n",
			"map":      "id: x\n",
		}[kind]
		b, err := Parse(kind, []byte(body), at)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if b.Kind() != kind || b.BlockID().Value != "x" || b.BlockPos() != at {
			t.Errorf("%s: kind %q id %q at %v", kind, b.Kind(), b.BlockID().Value, b.BlockPos())
		}
	}
}
