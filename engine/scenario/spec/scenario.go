package spec

import (
	"github.com/loopbook/loopbook/engine/diag"
)

// Scenario is one conversation: actions run on a fresh cluster, steps
// matched against the trace in order, and claims checked.
type Scenario struct {
	// Pos is the position of the block's first key.
	Pos diag.Pos
	// ID is unique in the site and the page anchor.
	ID       Scalar[string]
	Title    Scalar[string]
	Question Scalar[string]
	Answer   Scalar[string]
	Cluster  ClusterRef
	Run      []Action
	Steps    []Step
	Claims   []Claim
	Note     Scalar[string]
}

// Step is one narrative step: the events it expects and what the page
// says about them.
type Step struct {
	Pos    diag.Pos
	Title  Scalar[string]
	Expect *Pattern
	Say    Scalar[string]
}

// ClusterRef is a block's cluster: a fixture's name, or a fixture written
// inline. Neither is set when the block names no cluster.
type ClusterRef struct {
	Name   Scalar[string]
	Inline *Fixture
	Pos    diag.Pos
}

// IsSet reports whether the block names a cluster.
func (c ClusterRef) IsSet() bool { return c.Pos.Line > 0 }

// Kind returns "scenario".
func (*Scenario) Kind() string { return "scenario" }

// BlockID returns the scenario's id.
func (s *Scenario) BlockID() Scalar[string] { return s.ID }

// BlockPos returns the position of the block's first key.
func (s *Scenario) BlockPos() diag.Pos { return s.Pos }

// StepTitles returns the titles of the steps, in order.
func (s *Scenario) StepTitles() []string {
	var out []string
	for _, st := range s.Steps {
		out = append(out, st.Title.Value)
	}
	return out
}

// ActionIDs returns the ids of the actions that have one, in order.
func (s *Scenario) ActionIDs() []string {
	var out []string
	for _, a := range s.Run {
		if id := a.Base().ID; id.IsSet() {
			out = append(out, id.Value)
		}
	}
	return out
}
