package scenario

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/fault"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// faultSpan is one fault applied during the run: from the trace index of
// its FAULT event to that of its RESTORE event (-1 while in place).
type faultSpan struct {
	f        fault.Fault
	from, to int
	actors   []string
}

// noteFault records a fault just applied or restored; the trace's last
// event is its FAULT or RESTORE.
func (s *Session) noteFault(f fault.Fault, restore bool) {
	at := s.End()
	if restore {
		for i := range s.faults {
			if s.faults[i].f == f && s.faults[i].to < 0 {
				s.faults[i].to = at
			}
		}
		return
	}
	ev := s.Trace().At(at)
	s.faults = append(s.faults, faultSpan{f: f, from: at, to: -1, actors: s.brokenBy(f, ev.To)})
}

// brokenBy returns the map actors a fault takes down; to is the actor its
// FAULT event addressed.
func (s *Session) brokenBy(f fault.Fault, to trace.Actor) []string {
	var nodes []string
	for _, n := range s.Cluster.Nodes() {
		nodes = append(nodes, n.Name)
	}
	switch f.Kind {
	case fault.KillNode:
		return []string{string(trace.Kubelet(f.Target)), string(trace.Runtime(f.Target)), string(trace.ServiceProxy(f.Target))}
	case fault.StopAPIServers:
		var out []string
		for _, srv := range s.Cluster.Plane().Servers() {
			out = append(out, string(srv.Name()))
		}
		return out
	case fault.RemoveKubeProxy:
		if f.Target != "" {
			return []string{string(trace.ServiceProxy(f.Target))}
		}
		var out []string
		for _, n := range nodes {
			out = append(out, string(trace.ServiceProxy(n)))
		}
		return out
	case fault.CrashContainer:
		return []string{"pod/" + f.Target}
	case fault.BreakRBAC, fault.OverloadAPI:
		return nil
	}
	return []string{result.MapID(string(to))}
}

// BrokenAt returns the map actors broken right after trace index i: those
// of the faults applied at or before i and not restored by then, sorted.
func (s *Session) BrokenAt(i int) []string {
	var out []string
	for _, sp := range s.faults {
		if sp.from <= i && (sp.to < 0 || sp.to > i) {
			out = append(out, sp.actors...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
