package book

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// assemble builds the quiz and map results, which come from the other
// blocks' runs rather than from runs of their own.
func (b *Book) assemble(entries []*entry, scenarios map[string]*entry, proofs map[*entry][]proofRef) {
	proved := map[proofRef]result.Claim{}
	for se, refs := range proofs {
		for i, ref := range refs {
			if i < len(se.proofClaims) {
				proved[ref] = se.proofClaims[i]
			}
		}
	}
	site := siteMap(entries)
	for _, e := range entries {
		if e.parsed == nil || len(e.problems) > 0 || e.skipped {
			continue
		}
		switch blk := e.parsed.(type) {
		case *spec.Quiz:
			e.out = b.quiz(e, blk, proved, scenarios)
		case *spec.Map:
			e.out = mapBlock(blk, site)
		}
	}
}

// quiz builds a quiz's result and reports its false or unrun proofs.
func (b *Book) quiz(e *entry, q *spec.Quiz, proved map[proofRef]result.Claim, scenarios map[string]*entry) *result.Quiz {
	out := &result.Quiz{ID: q.ID.Value, Title: q.Title.Value}
	for i, qu := range q.Questions {
		rq := result.Question{Kind: qu.Kind.String(), Statement: qu.Statement.Value, Correct: slices.Clone(qu.Correct), Explain: qu.Explain.Value}
		for _, c := range qu.Choices {
			rq.Choices = append(rq.Choices, c.Value)
		}
		switch qu.Kind {
		case spec.MythOrFact:
			rq.Choices = []string{"Myth", "Fact"}
			rq.Correct = []int{0}
			if strings.EqualFold(qu.Answer.Value, "fact") {
				rq.Correct = []int{1}
			}
		case spec.WhichActor:
			rq.Actor = result.MapID(qu.Answer.Value)
		}
		if qu.Proof != nil && qu.Proof.Claim != nil {
			ref := proofRef{quiz: e, question: i}
			se := scenarios[qu.Proof.Scenario.Value]
			c, ok := proved[ref]
			switch {
			case ok:
				rq.Proof, rq.ProofScenario = &c, qu.Proof.Scenario.Value
				if !c.OK {
					e.problems = append(e.problems, claimError(qu.Proof.Claim.ClaimPos(), fmt.Sprintf("quiz proof against %q", qu.Proof.Scenario.Value), c))
				}
			case se != nil && len(se.problems) > 0:
				e.problems.Add(diag.Errorf(qu.Proof.Pos, "quiz proof not checked: scenario %q failed", qu.Proof.Scenario.Value).
					WithHint("fix the scenario's errors first"))
			}
		}
		out.Questions = append(out.Questions, rq)
	}
	return out
}

// mapBlock builds a map block's result from the site's map.
func mapBlock(m *spec.Map, site *result.Map) *result.MapBlock {
	out := &result.Map{Direct: site.Direct}
	keep := map[string]bool{}
	for _, a := range m.Actors {
		keep[result.MapID(a.Text)] = true
	}
	why := map[string]string{}
	for _, w := range m.Why {
		why[result.MapID(w.Actor.Text)] = w.Text.Value
	}
	for _, a := range site.Actors {
		if !m.All && !keep[a.ID] {
			continue
		}
		a.Inventory.Why = why[a.ID]
		out.Actors = append(out.Actors, a)
	}
	return &result.MapBlock{ID: m.ID.Value, Title: m.Title.Value, Map: out}
}
