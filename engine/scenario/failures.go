package scenario

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/fault"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/parallel"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// Failure defaults.
const (
	// ObserveDefault is how long a fault is watched when the block names
	// no observe.
	ObserveDefault = 5 * time.Minute
	// RecoveryLimit bounds the wait for the steady state after a restore.
	RecoveryLimit = 10 * time.Minute
	// ProbeReplicas is the probe Deployment's size.
	ProbeReplicas = 3
	// ProbeTraffic is how many data-plane requests the probe sends to the
	// baseline's Service, half when the probe starts and half at the end
	// of the observation.
	ProbeTraffic = 20
)

// RunFailures breaks one dependency at a time from the steady state the
// baseline scenario reaches. Each fault runs on its own cluster, built
// from cfg and seeded from the block's id, in parallel: the baseline's
// actions are replayed and the cluster settles (the steady state); the
// fault is applied; the probe starts (a new Deployment "probe" of
// ProbeReplicas Pods of a default image in the baseline's namespace, and
// data-plane traffic to the baseline's Service when it has one); the
// cluster runs for the block's observe; the case's claims are checked and
// its commands printed on that faulted state; the fault is restored and
// the cluster runs until it is back to steady (every Deployment of the
// namespace available, every running Pod Ready; at most RecoveryLimit).
//
// A control run does the same without the fault. Its events give each
// case's evidence a reference (see evidence) and the first stalled
// boundary: the first event of the unfaulted probe run that the faulted
// run never reaches, compared by actor, verb, resource and object with
// generated names wildcarded.
//
// The error is for a run that could not be carried out (a cluster that
// does not boot, a baseline action or a fault that fails), positioned.
func RunFailures(f *spec.Failures, baseline *spec.Scenario, cfg cluster.Config) (*result.Failures, error) {
	out := &result.Failures{ID: f.ID.Value}
	if baseline != nil {
		out.Baseline = baseline.ID.Value
		cfg.Manifests = append(cfg.Manifests, runManifests(baseline.Run)...)
	}
	cfg.Seed = Seed(f.ID.Value)
	observe := ObserveDefault
	if f.Observe.IsSet() {
		observe = f.Observe.Value
	}
	run, err := runProbe(f.Pos, baseline, cfg, nil, observe)
	if err != nil {
		return out, err
	}
	control := newControlRun(run)
	type outcome struct {
		c   result.FaultCase
		err error
	}
	res := make([]outcome, len(f.Faults))
	parallel.LongestFirst(len(f.Faults), func(i int) int { return caseRank(&f.Faults[i]) }, func(i int) {
		c, err := runFaultCase(&f.Faults[i], baseline, cfg, observe, control)
		res[i] = outcome{c, err}
	})
	var errs diag.List
	for _, r := range res {
		out.Cases = append(out.Cases, r.c)
		errs.Add(r.err)
	}
	if run.sess != nil {
		out.Map = run.sess.Map()
	}
	return out, errs.Err()
}

// runFaultCase runs one fault from the steady state and derives its
// evidence against the control run.
func runFaultCase(fc *spec.FaultCase, baseline *spec.Scenario, cfg cluster.Config, observe time.Duration, control *controlRun) (result.FaultCase, error) {
	out := result.FaultCase{Title: fc.Title.Value}
	if fc.Fault != nil {
		out.Fault = fc.Fault.Text
	}
	if out.Title == "" {
		out.Title = out.Fault
	}
	run, err := runProbe(fc.Pos, baseline, cfg, fc, observe)
	if err != nil {
		return out, err
	}
	s := run.sess
	out.Broken = s.BrokenAt(run.observed)
	for _, c := range fc.Claims {
		out.Claims = append(out.Claims, s.Check(c))
	}
	env := s.kubectlEnv(run.observed, run.namespace)
	for _, c := range fc.Commands {
		text, err := env.RunLine(c.Text)
		if err != nil {
			text = "error: " + err.Error() + "\n"
		}
		out.Commands = append(out.Commands, result.Command{Text: c.Text, Output: text})
	}
	out.Served, out.Failed = run.served, run.failed
	faulted := newWindow(run)
	out.FirstStalled = firstStalled(control.moving, faulted.events)
	if err := run.recover(fc); err != nil {
		return out, err
	}
	out.Recovered, out.RecoveryTime = run.recovered, run.recoveryTime
	out.Cells = evidence(fc, control, faulted)
	return out, nil
}

// caseRank ranks a fault case for parallel.LongestFirst: the overload
// faults first, then the others. A noisy client sends a burst of a
// thousand requests every five seconds for the whole observation, so such
// a case runs many times longer than any other.
func caseRank(fc *spec.FaultCase) int {
	if fc.Fault != nil && fc.Fault.Kind == fault.OverloadAPI {
		return 0
	}
	return 1
}
