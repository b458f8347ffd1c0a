package scenario

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/fault"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

const steadyWeb = `id: steady-web
title: Three web Pods behind a Service
cluster: web-steady
run:
  - wait: 30s
steps: []
`

const failuresBlock = `id: break-one-dependency
cluster: web-steady
baseline: steady-web
observe: 6m
faults:
  - fault: crash container demo/web-b
    stops: the web-b container and its readiness
    claims:
      - unchanged pod demo/web-b .metadata.uid
      - pod demo/web-b .status.containerStatuses[0].restartCount >= 1
    commands:
      - kubectl get pod web-b -o wide
  - fault: kill node worker-b
    claims:
      - node worker-b .status.conditions[type=Ready].status == Unknown
    commands:
      - kubectl get nodes
      - kubectl describe node worker-b
  - fault: kill scheduler
    claims:
      - count pods demo app=probe,status.phase=Pending == 3
    commands:
      - kubectl get pods -l app=probe
  - fault: break etcd
    claims:
      - count replicasets demo == 1
  - fault: stop apiservers
    claims:
      - count pods demo app=probe == 0
`

// showFailures writes a failures result: per case the first stalled
// boundary, each cell's evidence, the claims and the commands.
func showFailures(f *result.Failures) string {
	var b strings.Builder
	for _, c := range f.Cases {
		fmt.Fprintf(&b, "## %s\nbroken: %s\nfirst stalled: %s\ntraffic: %d served, %d failed\nrecovered: %v in %s\n",
			c.Fault, strings.Join(c.Broken, ", "), c.FirstStalled, c.Served, c.Failed, c.Recovered, c.RecoveryTime)
		for _, cell := range c.Cells {
			fmt.Fprintf(&b, "%s (author: %q)\n", cell.Label, cell.Author)
			for _, e := range cell.Evidence {
				fmt.Fprintf(&b, "  - %s\n", e)
			}
		}
		for _, cl := range c.Claims {
			fmt.Fprintf(&b, "claim %s: ok %v (observed %s)\n", cl.Text, cl.OK, cl.Observed)
		}
		for _, cmd := range c.Commands {
			fmt.Fprintf(&b, "$ %s\n%s", cmd.Text, cmd.Output)
		}
	}
	return b.String()
}

func TestRunFailures(t *testing.T) {
	base := parseBlock[*spec.Scenario](t, "scenario", steadyWeb)
	f := parseBlock[*spec.Failures](t, "failures", failuresBlock)
	cfg, err := Config(fixtures(t)["web-steady"], 0)
	if err != nil {
		t.Fatal(err)
	}
	res, err := RunFailures(f, base, cfg)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "failures/break-one-dependency.golden", showFailures(res))
	if len(res.Cases) != 5 {
		t.Fatalf("%d cases", len(res.Cases))
	}
	for _, c := range res.Cases {
		for _, cl := range c.Claims {
			if !cl.OK {
				t.Errorf("%s: claim %s: expected %s, observed %s", c.Fault, cl.Text, cl.Expected, cl.Observed)
			}
		}
		if len(c.Cells) != 7 {
			t.Errorf("%s: %d cells", c.Fault, len(c.Cells))
		}
		if !c.Recovered {
			t.Errorf("%s: did not recover", c.Fault)
		}
	}
	if got := res.Cases[2].FirstStalled; got != "scheduler CREATE pods/binding demo/probe-*" {
		t.Errorf("kill scheduler: first stalled %q, want the probe's binding", got)
	}
	again, err := RunFailures(f, base, cfg)
	if err != nil || showFailures(again) != showFailures(res) {
		t.Errorf("a second run differs (%v)", err)
	}
}

func TestBoundary(t *testing.T) {
	cases := []struct {
		ev   trace.Event
		want string
	}{
		{trace.Event{From: "scheduler", Verb: trace.Create, Resource: "pods", Subresource: "binding", Namespace: "demo", Name: "probe-685d4c7d6f-zgpw9"}, "scheduler CREATE pods/binding demo/probe-*"},
		{trace.Event{From: "deployment-controller", Verb: trace.Create, Resource: "replicasets", Namespace: "demo", Name: "probe-685d4c7d6f"}, "deployment-controller CREATE replicasets demo/probe-*"},
		{trace.Event{From: "scheduler", Verb: trace.Update, Resource: "leases", Namespace: "kube-system", Name: "kube-scheduler"}, "scheduler UPDATE leases kube-system/kube-scheduler"},
		{trace.Event{From: "kubelet/worker-a", Verb: trace.Create, Resource: "events", Namespace: "demo", Name: "web-b.18867274daac5c00"}, "kubelet/worker-a CREATE events demo/web-b.*"},
		{trace.Event{From: "kubelet/worker-a", Verb: trace.Patch, Resource: "nodes", Subresource: "status", Name: "worker-a"}, "kubelet/worker-a PATCH nodes/status worker-a"},
	}
	for _, c := range cases {
		if got := boundaryOf(&c.ev).String(); got != c.want {
			t.Errorf("boundary %q, want %q", got, c.want)
		}
	}
}

// generatedEnd finds what the expression that describes the generated
// end of a name matches.
func TestGeneratedEnd(t *testing.T) {
	generated := regexp.MustCompile(`-[bcdfghjklmnpqrstvwxz2456789]{5,10}(-[bcdfghjklmnpqrstvwxz2456789]{5})?$`)
	segments := []string{"", "web", "probe", "685d4c7d6f", "zgpw9", "bcdfg", "bcdfghjklmn", "bcdf", "abcde", "2456789", "x2k4p", "worker-a", "kube-system", "7d4f5bc9", "ab1"}
	for _, a := range segments {
		for _, b := range segments {
			for _, c := range segments {
				for _, name := range []string{a, a + "-" + b, a + "-" + b + "-" + c, "-" + a + "-" + b, a + "." + b + "-" + c} {
					want, got := generated.ReplaceAllString(name, "-*"), name
					if cut := generatedEnd(name); cut >= 0 {
						got = name[:cut] + "-*"
					}
					if got != want {
						t.Fatalf("generatedEnd(%q) leaves %q, want %q", name, got, want)
					}
				}
			}
		}
	}
}

func TestCaseRankStartsOverloadFaults(t *testing.T) {
	tests := []struct {
		fault *spec.Fault
		want  int
	}{
		{&spec.Fault{Kind: fault.OverloadAPI}, 0},
		{&spec.Fault{Kind: fault.KillNode}, 1},
		{&spec.Fault{Kind: fault.BreakEtcd}, 1},
		{nil, 1},
	}
	for _, tt := range tests {
		if got := caseRank(&spec.FaultCase{Fault: tt.fault}); got != tt.want {
			t.Errorf("caseRank(%v) = %d, want %d", tt.fault, got, tt.want)
		}
	}
}
