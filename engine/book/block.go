package book

import (
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
	"github.com/loopbook/loopbook/engine/site"
)

// entry is one block of the site with everything the Book learnt about it.
type entry struct {
	page string
	src  site.PageBlock
	// parsed is the block; nil when it did not parse.
	parsed spec.Block
	// fixture is the cluster the block runs on (nil for quiz and map).
	fixture *spec.Fixture
	// skipped is set for a block that --run left out.
	skipped bool
	// hash identifies what the block's run depends on (empty when it
	// does not run).
	hash string
	// out is the block's result: *result.Scenario, *result.Failures,
	// *result.Whatif, *result.Gates, *result.Quiz or *result.MapBlock.
	out any
	// proofClaims are, for a scenario, the results of the quiz proofs
	// checked on its run, in the order of Book.proofs.
	proofClaims []result.Claim
	// problems are the block's errors: parse, names, steps, claims.
	problems diag.List
}

// id returns the block's id, "" when it has none.
func (e *entry) id() string {
	if e.parsed == nil {
		return ""
	}
	return e.parsed.BlockID().Value
}

// key identifies a block by page and position, as a Kind sees it.
type key struct {
	page string
	pos  diag.Pos
}

// scenario returns the block's scenario result, or nil.
func (e *entry) scenario() *result.Scenario {
	s, _ := e.out.(*result.Scenario)
	return s
}
