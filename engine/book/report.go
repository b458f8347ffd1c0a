package book

import (
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// Report is what the last Prepare learnt: one entry per block, in site
// order, and the totals `loopbook check` prints.
type Report struct {
	Blocks []BlockReport
	// Totals over the blocks that ran.
	Scenarios, Steps, Claims, Proofs, Faults, Combinations, Variants int
	// Problems counts every problem, fixture errors included.
	Problems int
}

// BlockReport is one block's part of a Report.
type BlockReport struct {
	Page string
	Pos  diag.Pos
	Kind string
	ID   string
	// Ran is false for a block that failed to parse or that --run left
	// out.
	Ran bool
	// Counts of what the block checked.
	Steps, Claims, Proofs int
	Problems              diag.List
}

// Report returns what the last Prepare learnt.
func (b *Book) Report() Report {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.report
}

// newReport summarises the entries.
func newReport(entries []*entry, fixtureErr error) Report {
	var r Report
	var ferr diag.List
	ferr.Add(fixtureErr)
	r.Problems = len(ferr)
	for _, e := range entries {
		br := BlockReport{Page: e.page, Pos: e.src.Pos, Kind: e.src.Kind, ID: e.id(), Ran: e.out != nil, Problems: e.problems}
		switch out := e.out.(type) {
		case *result.Scenario:
			r.Scenarios++
			br.Steps, br.Claims = len(out.Steps), len(out.Claims)
		case *result.Failures:
			r.Faults += len(out.Cases)
			for _, c := range out.Cases {
				br.Claims += len(c.Claims)
			}
		case *result.Whatif:
			r.Combinations += len(out.Outcomes)
		case *result.Gates:
			r.Variants += len(out.Variants)
		case *result.Quiz:
			for _, q := range out.Questions {
				if q.Proof != nil {
					br.Proofs++
				}
			}
		}
		r.Steps += br.Steps
		r.Claims += br.Claims
		r.Proofs += br.Proofs
		r.Problems += len(e.problems)
		r.Blocks = append(r.Blocks, br)
	}
	return r
}

// Trace returns the trace of the scenario with id, from its first action
// (a copy the caller owns), and whether it ran. Traces are kept only by a
// Book made with Options.Traces (or an Engine that keeps them).
func (b *Book) Trace(id string) ([]trace.Event, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range b.order {
		if s := e.scenario(); s != nil && e.id() == id {
			events := make([]trace.Event, len(s.Trace))
			for i, ev := range s.Trace {
				events[i] = *ev
			}
			return events, true
		}
	}
	return nil, false
}

// Scenarios returns the ids of the scenarios on page (a source path),
// in document order; every scenario's when page is "".
func (b *Book) Scenarios(page string) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var ids []string
	for _, e := range b.order {
		if _, ok := e.parsed.(*spec.Scenario); ok && (page == "" || e.page == page) {
			ids = append(ids, e.id())
		}
	}
	return ids
}
