package scenario

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// ProbeImage is the probe Deployment's image: one no fixture describes,
// so it behaves as the runtime's default image.
const ProbeImage = "probe:v1"

// ProbeClient is the trace actor of the probe's data-plane traffic.
const ProbeClient = trace.Actor("client")

// probeRun is one run from the steady state: with a fault (a case) or
// without (the control run).
type probeRun struct {
	sess      *Session
	namespace string
	// steady is the trace index of the steady state's last event; from
	// that of the first event after it (the FAULT, or the probe's first
	// in the control run); observed that of the last event observed.
	steady, from, observed int
	served, failed         int
	recovered              bool
	recoveryTime           time.Duration
}

// window returns the events from the fault (or the probe) to the end of
// the observation.
func (r *probeRun) window() []*trace.Event {
	log := r.sess.Trace()
	out := make([]*trace.Event, 0, max(0, min(r.observed+1, log.Len())-r.from))
	for i := r.from; i <= r.observed && i < log.Len(); i++ {
		out = append(out, log.At(i))
	}
	return out
}

// runProbe replays the baseline, settles, applies fc's fault (none when
// fc is nil), starts the probe and observes.
func runProbe(at diag.Pos, baseline *spec.Scenario, cfg cluster.Config, fc *spec.FaultCase, observe time.Duration) (*probeRun, error) {
	s, err := NewSession(cfg)
	if err != nil {
		return nil, diag.Errorf(at, "failures: %v", err)
	}
	r := &probeRun{sess: s}
	// Once the run is over its evidence and claims read all of its
	// events, some several times, and its window holds them all: a long
	// run does not pack them as it goes.
	s.Trace().KeepUnpacked()
	if baseline != nil {
		for _, a := range baseline.Run {
			if _, err := s.Do(a); err != nil {
				return nil, err
			}
		}
	}
	s.Settle()
	r.steady = s.End()
	r.namespace = baselineNamespace(baseline, s, r.steady)
	r.from = s.End() + 1
	if fc != nil && fc.Fault != nil {
		if _, err := s.Do(&spec.FaultAction{ActionBase: spec.ActionBase{Pos: fc.Fault.Pos}, Fault: fc.Fault}); err != nil {
			return nil, err
		}
	}
	c := s.Cluster
	k := c.Env().Kind("apps", "Deployment")
	// A refusal (API servers down) is part of what the case shows.
	_, _ = c.Admin().Create(k, probeDeployment(r.namespace), api.WriteOptions{})
	service := r.service()
	r.traffic(service, ProbeTraffic/2)
	c.RunFor(observe)
	r.traffic(service, ProbeTraffic-ProbeTraffic/2)
	r.observed = s.End()
	return r, nil
}

// traffic sends n requests to the Service, if there is one.
func (r *probeRun) traffic(service string, n int) {
	if service == "" {
		return
	}
	for _, res := range r.sess.Cluster.Traffic(ProbeClient, service, n) {
		if res.Served() {
			r.served++
		} else {
			r.failed++
		}
	}
}

// service is "NS/NAME" of the first Service of the baseline's namespace
// at the steady state (the API server's own "kubernetes" Service left
// out), or "".
func (r *probeRun) service() string {
	for _, svc := range r.sess.ObjectsAt("Service", r.namespace, r.steady) {
		if svc.Meta.Namespace == "default" && svc.Meta.Name == "kubernetes" {
			continue
		}
		return svc.Meta.Namespace + "/" + svc.Meta.Name
	}
	return ""
}

// systemNamespaces are the namespaces the cluster makes for itself.
var systemNamespaces = map[string]bool{"kube-system": true, "kube-public": true, "kube-node-lease": true}

// baselineNamespace is the namespace of the first object the baseline
// applies that names one; else the first namespace, by name, that holds
// Pods at the steady state (the system namespaces left out); else
// "default".
func baselineNamespace(sc *spec.Scenario, s *Session, at int) string {
	if ns := appliedNamespace(sc); ns != "" {
		return ns
	}
	for _, p := range s.ObjectsAt("Pod", "", at) {
		if !systemNamespaces[p.Meta.Namespace] {
			return p.Meta.Namespace
		}
	}
	return "default"
}

// appliedNamespace is the namespace of the first object the scenario
// applies that names one, or "".
func appliedNamespace(sc *spec.Scenario) string {
	if sc == nil {
		return ""
	}
	for _, a := range sc.Run {
		ap, ok := a.(*spec.Apply)
		if !ok {
			continue
		}
		objs, err := manifest(ap)
		if err != nil {
			continue
		}
		for _, o := range objs {
			if o.Meta.Namespace != "" {
				return o.Meta.Namespace
			}
		}
	}
	return ""
}

// probeDeployment is the probe: ProbeReplicas Pods of ProbeImage.
func probeDeployment(ns string) *object.Object {
	labels := map[string]any{"app": "probe"}
	o := object.New("apps/v1", "Deployment")
	o.Meta.Name, o.Meta.Namespace = "probe", ns
	o.Meta.Labels = map[string]string{"app": "probe"}
	o.Content["spec"] = map[string]any{
		"replicas": int64(ProbeReplicas),
		"selector": map[string]any{"matchLabels": labels},
		"template": map[string]any{
			"metadata": map[string]any{"labels": map[string]any{"app": "probe"}},
			"spec":     map[string]any{"containers": []any{map[string]any{"name": "probe", "image": ProbeImage}}},
		},
	}
	return o
}

// recover restores the case's fault and runs until the namespace is
// steady again, for at most RecoveryLimit.
func (r *probeRun) recover(fc *spec.FaultCase) error {
	s := r.sess
	if fc.Fault != nil {
		if _, err := s.Do(&spec.FaultAction{ActionBase: spec.ActionBase{Pos: fc.Fault.Pos}, Restore: true, Fault: fc.Fault}); err != nil {
			return err
		}
	}
	start := s.Cluster.Now()
	r.recovered = s.Cluster.RunUntil(func() bool { return r.steadyNow() }, RecoveryLimit)
	if r.recovered {
		r.recoveryTime = s.Cluster.Now().Sub(start)
	}
	return nil
}

// steadyNow reports whether every Deployment of the namespace has its
// desired replicas available and every Pod that is not finished or
// leaving is Ready.
func (r *probeRun) steadyNow() bool {
	s := r.sess
	at := s.End()
	for _, d := range s.ObjectsAt("Deployment", r.namespace, at) {
		if treeInt(d.Spec()["replicas"]) != treeInt(d.Status()["availableReplicas"]) {
			return false
		}
	}
	for _, p := range s.ObjectsAt("Pod", r.namespace, at) {
		pv := object.ViewPod(p)
		if pv.IsTerminal() || pv.Deleting {
			continue
		}
		if !pv.IsReady() {
			return false
		}
	}
	return true
}

// describeRecovery is the RECOVERY cell's evidence.
func (r *probeRun) describeRecovery() string {
	if !r.recovered {
		return fmt.Sprintf("not back to steady state within %s of the restore", RecoveryLimit)
	}
	return fmt.Sprintf("steady again %s after the restore (every Deployment available, every Pod Ready)", r.recoveryTime)
}

// treeInt reads a whole number of an object tree (int64 or float64), 0
// otherwise.
func treeInt(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case float64:
		return int64(n)
	}
	return 0
}
