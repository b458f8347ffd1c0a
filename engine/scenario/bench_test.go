package scenario

import (
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// BenchmarkRunScenario runs the 14-step create-deployment scenario on a
// fresh two-workers cluster: boot, actions, settle, steps, claims, map.
func BenchmarkRunScenario(b *testing.B) {
	sc := parseScenario(b, readFile(b, "create-deployment.yaml"))
	cfg := twoWorkers(b)
	b.ReportAllocs()
	for b.Loop() {
		r, err := RunScenario(sc, cfg)
		if err != nil || r.Failed() {
			b.Fatalf("run failed: %v", err)
		}
	}
}

// BenchmarkBoot is the part of a run that is the cluster's boot: build,
// start and settle.
func BenchmarkBoot(b *testing.B) {
	cfg := twoWorkers(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewSession(cfg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBootSteady is the boot of the fixture most scenarios use: the
// two-workers cluster already running the web workload, so its boot
// starts three Pods and a Service's endpoints besides the control plane.
func BenchmarkBootSteady(b *testing.B) {
	cfg, err := Config(fixtures(b)["web-steady"], 0)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewSession(cfg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunFailures runs the five-fault failures block of the tests:
// a control run and one run per fault, each on its own web-steady
// cluster, with the evidence derived against the control run.
func BenchmarkRunFailures(b *testing.B) { benchFailures(b, failuresBlock) }

// benchFailures runs a failures block on the web-steady cluster after
// the steady-web baseline; each of its cases' claims must hold.
func benchFailures(b *testing.B, block string) {
	base := parseBlock[*spec.Scenario](b, "scenario", steadyWeb)
	f := parseBlock[*spec.Failures](b, "failures", block)
	cfg, err := Config(fixtures(b)["web-steady"], 0)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		res, err := RunFailures(f, base, cfg)
		if err != nil {
			b.Fatal(err)
		}
		for _, fc := range res.Cases {
			for _, c := range fc.Claims {
				if !c.OK {
					b.Fatalf("%s: claim %s does not hold: %s", fc.Fault, c.Text, c.Observed)
				}
			}
		}
	}
}

// overloadBlock is the overload case of the course's failures lesson: a
// noisy client for ten minutes, whose run records about half a million
// events, the only run of a course build long enough that its trace packs
// (trace.Log): the evidence is then read back from packed events.
const overloadBlock = `id: overload-one
cluster: web-steady
baseline: steady-web
observe: 10m
faults:
  - fault: overload api
    claims:
      - events noisy-client GET /version => 429 >= 1
      - no kubelet/* UPDATE leases * => 429
`

// BenchmarkRunFailuresOverload runs overloadBlock: a control run and the
// overload run, with the evidence derived from the long trace.
func BenchmarkRunFailuresOverload(b *testing.B) { benchFailures(b, overloadBlock) }

// BenchmarkLayout is the part of a run that dresses the settled run for
// the renderers: match the steps, flatten their objects, check the
// claims, build the map.
func BenchmarkLayout(b *testing.B) {
	sc := parseScenario(b, readFile(b, "create-deployment.yaml"))
	sess, err := NewSession(twoWorkers(b))
	if err != nil {
		b.Fatal(err)
	}
	for _, a := range sc.Run {
		if _, err := sess.Do(a); err != nil {
			b.Fatal(err)
		}
	}
	sess.Settle()
	b.ReportAllocs()
	for b.Loop() {
		// A fresh cache each time, as each run starts with one.
		sess.flat = nil
		out := &result.Scenario{}
		sess.fill(out, sc, sess.MatchSteps(sc.Steps), false, nil)
		for _, c := range sc.Claims {
			out.Claims = append(out.Claims, sess.Check(c))
		}
	}
}
