package spec

import (
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/diag"
)

// Failures breaks one dependency at a time from the steady state a
// baseline scenario reaches, and shows what changes.
type Failures struct {
	Pos     diag.Pos
	ID      Scalar[string]
	Cluster ClusterRef
	// Baseline is the id of the scenario that brings the cluster to its
	// steady state.
	Baseline Scalar[string]
	// Observe is how long each fault is watched (engine default when
	// unset).
	Observe Scalar[time.Duration]
	Faults  []FaultCase
}

// FaultCase is one fault of a failures block with the author's prose for
// each cell of the outcome table, the claims checked against the faulted
// run, and the kubectl-style commands whose output the page shows.
type FaultCase struct {
	Pos   diag.Pos
	Fault *Fault
	// Title names the case in the picker ("Kill one Node"); the fault's
	// text when unset.
	Title Scalar[string]
	// The table's cells.
	Stops, Continues, Detector, Change, Loop, Traffic, Recovery Scalar[string]
	Claims                                                      []Claim
	Commands                                                    []Command
}

// Command is a kubectl-style command printed from the engine's state.
type Command struct {
	Text string
	// Verb is get, describe or logs; Args the words after it.
	Verb Word
	Args []Word
	Pos  diag.Pos
}

// Kind returns "failures".
func (*Failures) Kind() string { return "failures" }

// BlockID returns the block's id.
func (f *Failures) BlockID() Scalar[string] { return f.ID }

// BlockPos returns the position of the block's first key.
func (f *Failures) BlockPos() diag.Pos { return f.Pos }

func (p *parser) failures(n *yaml.Node) *Failures {
	f := &Failures{Pos: p.nodePos(n)}
	p.fields(n, "failures", []field{
		{"id", func(_, v *yaml.Node) { f.ID = p.id(v) }},
		{"cluster", func(_, v *yaml.Node) { f.Cluster = p.cluster(v) }},
		{"baseline", func(_, v *yaml.Node) { f.Baseline = p.id(v) }},
		{"observe", func(_, v *yaml.Node) { f.Observe = p.duration(v, "observe") }},
		{"faults", func(_, v *yaml.Node) {
			if f.Faults = p.faultCases(v); v.Kind == yaml.SequenceNode && len(v.Content) == 0 {
				p.nodeErr(v, "no faults").WithHint(`list them under "faults", one "- fault: …" each`)
			}
		}},
	}, "id", "baseline", "faults")
	return f
}

func (p *parser) faultCases(n *yaml.Node) []FaultCase {
	var out []FaultCase
	for _, c := range p.items(n, "faults") {
		fc := FaultCase{Pos: p.nodePos(c)}
		text := func(dst *Scalar[string]) func(k, v *yaml.Node) {
			return func(k, v *yaml.Node) { *dst = p.str(v, k.Value) }
		}
		p.fields(c, "fault", []field{
			{"fault", func(_, v *yaml.Node) { fc.Fault = p.faultOf(v, "fault") }},
			{"title", text(&fc.Title)},
			{"stops", text(&fc.Stops)},
			{"continues", text(&fc.Continues)},
			{"detector", text(&fc.Detector)},
			{"change", text(&fc.Change)},
			{"loop", text(&fc.Loop)},
			{"traffic", text(&fc.Traffic)},
			{"recovery", text(&fc.Recovery)},
			{"claims", func(_, v *yaml.Node) { fc.Claims = p.claims(v) }},
			{"commands", func(_, v *yaml.Node) { fc.Commands = p.commands(v) }},
		}, "fault")
		out = append(out, fc)
	}
	return out
}

var commandVerbs = []string{"get", "describe", "logs"}

// commands reads kubectl-style commands: "kubectl get pod web-b".
func (p *parser) commands(n *yaml.Node) []Command {
	var out []Command
	for _, c := range p.items(n, "commands") {
		p.with(c, "commands", func(w *words) {
			ts := w.toks
			if len(ts) == 0 || ts[0].text != "kubectl" {
				w.errorf(w.t.pos(0), "a command starts with kubectl").WithHint(`as in "kubectl get pod web-b"`)
				return
			}
			if len(ts) < 2 {
				w.errorf(w.end(), "expected get, describe or logs after kubectl")
				return
			}
			if !strings.HasPrefix(ts[1].text, "-") && !slices.Contains(commandVerbs, ts[1].text) {
				w.at(ts[1], "unsupported kubectl command %q", ts[1].text).WithHint(diag.DidYouMean(ts[1].text, commandVerbs))
				return
			}
			cmd := Command{Text: w.base(ts).Text, Verb: w.word(ts[1]), Pos: w.pos(ts[0])}
			for _, t := range ts[2:] {
				cmd.Args = append(cmd.Args, w.word(t))
			}
			out = append(out, cmd)
		})
	}
	return out
}
