package book

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/parallel"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// proofRef is one quiz question whose proof a scenario run checks.
type proofRef struct {
	quiz     *entry
	question int
}

// execute runs every runnable block, reusing cached results, then
// assembles the quizzes and maps from the scenarios' results.
func (b *Book) execute(entries []*entry, scenarios map[string]*entry, fixtureSrc map[string][]byte) {
	proofs := b.proofs(entries, scenarios)
	var runs []*entry
	for _, e := range entries {
		if e.parsed == nil || len(e.problems) > 0 || e.skipped {
			continue
		}
		switch e.parsed.(type) {
		case *spec.Quiz, *spec.Map:
			continue
		}
		e.hash = inputsHash(e, fixtureSrc, proofs[e], scenarios)
		runs = append(runs, e)
	}

	// One run per distinct hash; the others share its result.
	first := map[string]*entry{}
	var todo []*entry
	b.mu.Lock()
	for _, e := range runs {
		if _, ok := b.cache[hashKey(e.hash)]; ok {
			continue
		}
		if _, dup := first[e.hash]; !dup {
			first[e.hash] = e
			todo = append(todo, e)
		}
	}
	b.mu.Unlock()
	outs := make([]cached, len(todo))
	parallel.LongestFirst(len(todo), func(i int) int { return runRank(todo[i]) }, func(i int) {
		out, err := b.runOne(todo[i], proofs[todo[i]], scenarios)
		outs[i] = cached{out: nilIfEmpty(out), err: positioned(err, todo[i])}
	})
	b.mu.Lock()
	for i, e := range todo {
		b.cache[hashKey(e.hash)] = outs[i]
	}
	for _, e := range runs {
		c := b.cache[hashKey(e.hash)]
		e.out = c.out
		e.problems.Add(c.err)
		if res, ok := c.out.(*result.Scenario); ok && len(proofs[e]) > 0 {
			own := len(e.parsed.(*spec.Scenario).Claims)
			e.out, e.proofClaims = trimProofs(res, own)
		}
	}
	b.mu.Unlock()

	for _, e := range runs {
		e.problems = append(e.problems, problemsOf(e)...)
	}
	b.assemble(entries, scenarios, proofs)
}

// runRank ranks a block for parallel.LongestFirst: failures blocks first
// (a cluster per fault and a control run, each observed for minutes),
// then what-ifs (a cluster per combination), then the rest.
func runRank(e *entry) int {
	switch e.parsed.(type) {
	case *spec.Failures:
		return 0
	case *spec.Whatif:
		return 1
	}
	return 2
}

// runOne runs one block on the engine.
func (b *Book) runOne(e *entry, proofs []proofRef, scenarios map[string]*entry) (out any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = diag.Errorf(e.parsed.BlockPos(), "the engine failed running %s: %v", describe(e), r).
				WithHint("this is a defect of loopbook, not of the lesson; please report it with the block")
		}
	}()
	eng := b.opts.Engine
	switch blk := e.parsed.(type) {
	case *spec.Scenario:
		return eng.Scenario(withProofs(blk, proofs), e.fixture)
	case *spec.Failures:
		base := scenarios[blk.Baseline.Value]
		if base == nil {
			return nil, diag.Errorf(blk.Baseline.Pos, "failures %q names no baseline scenario", blk.ID.Value).
				WithHint("add baseline: the id of a scenario that brings the cluster to its steady state")
		}
		return eng.Failures(blk, base.parsed.(*spec.Scenario), e.fixture)
	case *spec.Whatif:
		return eng.Whatif(blk, e.fixture)
	case *spec.Gates:
		return eng.Gates(blk, e.fixture)
	}
	return nil, fmt.Errorf("%s cannot run", describe(e))
}

// nilIfEmpty returns nil for a nil result of any type, so that a block
// without a result is told by e.out == nil.
func nilIfEmpty(out any) any {
	switch r := out.(type) {
	case *result.Scenario:
		if r == nil {
			return nil
		}
	case *result.Failures:
		if r == nil {
			return nil
		}
	case *result.Whatif:
		if r == nil {
			return nil
		}
	case *result.Gates:
		if r == nil {
			return nil
		}
	}
	return out
}

// positioned returns err placed at the block when it carries no
// position of its own.
func positioned(err error, e *entry) error {
	if err == nil {
		return nil
	}
	var de *diag.Error
	var dl diag.List
	if errors.As(err, &de) || errors.As(err, &dl) {
		return err
	}
	return diag.Errorf(e.parsed.BlockPos(), "%s: %v", describe(e), err)
}

// proofs returns, per scenario entry, the quiz questions it proves.
func (b *Book) proofs(entries []*entry, scenarios map[string]*entry) map[*entry][]proofRef {
	out := map[*entry][]proofRef{}
	for _, e := range entries {
		q, ok := e.parsed.(*spec.Quiz)
		if !ok || e.skipped || len(e.problems) > 0 {
			continue
		}
		for i, qu := range q.Questions {
			if qu.Proof == nil || qu.Proof.Claim == nil {
				continue
			}
			if se := scenarios[qu.Proof.Scenario.Value]; se != nil {
				se.skipped = false // a proof needs its scenario run
				out[se] = append(out[se], proofRef{quiz: e, question: i})
			}
		}
	}
	return out
}

// withProofs returns s with the proofs' claims appended to its own.
func withProofs(s *spec.Scenario, proofs []proofRef) *spec.Scenario {
	if len(proofs) == 0 {
		return s
	}
	c := *s
	c.Claims = append([]spec.Claim(nil), s.Claims...)
	for _, p := range proofs {
		c.Claims = append(c.Claims, p.quiz.parsed.(*spec.Quiz).Questions[p.question].Proof.Claim)
	}
	return &c
}

// trimProofs splits a run's claims into the scenario's own n, in a copy
// of res, and the proofs' that follow them.
func trimProofs(res *result.Scenario, n int) (*result.Scenario, []result.Claim) {
	if res == nil {
		return nil, nil
	}
	c := *res
	n = min(n, len(c.Claims))
	c.Claims = res.Claims[:n:n]
	return &c, res.Claims[n:]
}

// inputsHash hashes everything a block's run depends on: its kind and
// body, its fixture's file, its baseline's body and the proofs it checks.
func inputsHash(e *entry, fixtureSrc map[string][]byte, proofs []proofRef, scenarios map[string]*entry) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", e.src.Kind, e.src.Body)
	if f := e.fixture; f != nil && f.Name.IsSet() {
		fmt.Fprintf(h, "%s\x00%s\x00", f.Name.Value, fixtureSrc[f.Name.Value])
	}
	if fb, ok := e.parsed.(*spec.Failures); ok {
		if base := scenarios[fb.Baseline.Value]; base != nil {
			fmt.Fprintf(h, "%s\x00", base.src.Body)
		}
	}
	for _, p := range proofs {
		c := p.quiz.parsed.(*spec.Quiz).Questions[p.question].Proof.Claim
		fmt.Fprintf(h, "proof\x00%s\x00", c.ClaimText())
	}
	return hex.EncodeToString(h.Sum(nil))
}

// hashKey turns a hex hash into the cache's key.
func hashKey(s string) [32]byte {
	var k [32]byte
	_, _ = hex.Decode(k[:], []byte(s))
	return k
}
