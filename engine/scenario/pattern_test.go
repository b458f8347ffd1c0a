package scenario

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// plainParts applies each part a pattern writes to e with trace.Glob on
// the pattern's own fields, in Compile's order: the reference the
// compiled Matcher is checked against.
func plainParts(p *spec.Pattern, e *trace.Event) []bool {
	out := []bool{e.Verb == p.Verb, trace.Glob(spec.ActorGlob(p.Actor.Text), string(e.From))}
	if p.WatchType != 0 {
		out = append(out, e.WatchType == p.WatchType)
	}
	if p.Phase != 0 {
		out = append(out, e.Phase == p.Phase)
	}
	if r := p.Resource; r != nil {
		ok := trace.Glob(r.Resource, e.Resource) && (r.Group == "" || trace.Glob(r.Group, e.Group))
		if r.Subresource == "" {
			ok = ok && e.Subresource == ""
		} else {
			ok = ok && trace.Glob(r.Subresource, e.Subresource)
		}
		out = append(out, ok)
	}
	if o := p.Object; o != nil {
		var ok bool
		switch {
		case o.Namespaced:
			ok = trace.Glob(o.Namespace, e.Namespace) && trace.Glob(o.Name, e.Name)
		case o.Name == "*":
			ok = true
		default:
			ok = e.Namespace == "" && trace.Glob(o.Name, e.Name)
		}
		out = append(out, ok)
	}
	if p.To != nil {
		out = append(out, trace.Glob(spec.ActorGlob(p.To.Text), string(e.To)))
	}
	if p.Outcome != nil {
		out = append(out, outcomeMatches(p.Outcome, e.Outcome))
	}
	return out
}

// TestMatcherAgainstPlainParts checks Match, matchOfVerb and Score of
// compiled patterns against plainParts, on every event of a run.
func TestMatcherAgainstPlainParts(t *testing.T) {
	s, err := NewSession(twoWorkers(t))
	if err != nil {
		t.Fatal(err)
	}
	s.Cluster.RunFor(30 * time.Second)
	texts := []string{
		"* GET *", "* UPDATE leases kube-node-lease/*", "kubelet/* UPDATE leases kube-node-lease/worker-a",
		"kubelet UPDATE leases * => ok", "* UPDATE leases.coordination.k8s.io *", "* UPDATE leases.apps *",
		"kubelet PATCH pods/status demo/web-* all", "* PATCH pods/* *", "* PATCH nodes/status worker-*",
		"apiserver NOTIFY ADDED pods demo/* to scheduler", "apiserver NOTIFY * * to kubelet/*",
		"apiserver PERSIST * * to etcd", "* GET /version", "* LIST pods", "*-controller UPDATE * * => failed",
		"scheduler CREATE pods/binding demo/* x3", "apiserver AUTHENTICATE *", "* UPDATE * worker-a => 200",
		"* WATCH *", "controller-manager GET *", "*lease* UPDATE leases kube-system/*",
	}
	for _, text := range texts {
		p, err := spec.ParsePattern(text, diag.Pos{})
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		m := Compile(p)
		for i := s.Start; i < s.Trace().Len(); i++ {
			e := s.Trace().At(i)
			parts := plainParts(p, e)
			want, all := 0, true
			for _, ok := range parts {
				if ok {
					want++
				}
				all = all && ok
			}
			if got, n := m.Score(e); got != want || n != len(parts) {
				t.Fatalf("%s: Score(%s) = %d of %d, want %d of %d", text, FormatEvent(e), got, n, want, len(parts))
			}
			if got := m.Match(e); got != all {
				t.Fatalf("%s: Match(%s) = %v, want %v", text, FormatEvent(e), got, all)
			}
			if e.Verb == p.Verb {
				if got := m.matchOfVerb(e); got != all {
					t.Fatalf("%s: matchOfVerb(%s) = %v, want %v", text, FormatEvent(e), got, all)
				}
			}
		}
	}
}
