package book

import (
	"fmt"
	"sort"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/parallel"
	"github.com/loopbook/loopbook/engine/scenario/spec"
	"github.com/loopbook/loopbook/engine/site"
)

// parse parses every block and checks ids and names; it returns the
// entries in site order and the scenarios by id.
func (b *Book) parse(blocks []site.PageBlock, fixtures map[string]*spec.Fixture) ([]*entry, map[string]*entry) {
	entries := make([]*entry, len(blocks))
	parallel.Do(len(blocks), func(i int) {
		pb := blocks[i]
		e := &entry{page: pb.Page, src: pb}
		blk, err := spec.Parse(pb.Kind, pb.Body, pb.Pos)
		if err != nil {
			e.problems.Add(err)
		} else {
			e.parsed = blk
		}
		entries[i] = e
	})
	scenarios := map[string]*entry{}
	seen := map[string]*entry{}
	for _, e := range entries {
		if e.parsed == nil {
			continue
		}
		id := e.parsed.BlockID()
		if !id.IsSet() {
			continue
		}
		if first, dup := seen[id.Value]; dup {
			e.problems.Add(diag.Errorf(id.Pos, "block id %q is already used at %s", id.Value, first.parsed.BlockID().Pos).
				WithHint("ids are page anchors and must be unique in the site; rename one"))
			continue
		}
		seen[id.Value] = e
		if _, ok := e.parsed.(*spec.Scenario); ok {
			scenarios[id.Value] = e
		}
	}
	vocab := spec.DefaultVocabulary()
	vocab.Fixtures = fixtures
	vocab.Scenarios = map[string]*spec.Scenario{}
	for id, e := range scenarios {
		vocab.Scenarios[id] = e.parsed.(*spec.Scenario)
	}
	parallel.Do(len(entries), func(i int) {
		e := entries[i]
		if e.parsed == nil {
			return
		}
		e.problems.Add(e.parsed.Check(vocab))
		e.fixture = fixtureOf(e.parsed, fixtures, scenarios)
	})
	return entries, scenarios
}

// fixtureOf returns the cluster a block runs on: its inline fixture, the
// fixture it names, its baseline's (failures), or the empty fixture.
func fixtureOf(blk spec.Block, fixtures map[string]*spec.Fixture, scenarios map[string]*entry) *spec.Fixture {
	var ref spec.ClusterRef
	switch b := blk.(type) {
	case *spec.Scenario:
		ref = b.Cluster
	case *spec.Failures:
		ref = b.Cluster
		if ref.Inline == nil && !ref.Name.IsSet() {
			if base := scenarios[b.Baseline.Value]; base != nil {
				ref = base.parsed.(*spec.Scenario).Cluster
			}
		}
	case *spec.Whatif:
		ref = b.Cluster
	case *spec.Gates:
		ref = b.Cluster
	default:
		return nil
	}
	switch {
	case ref.Inline != nil:
		return ref.Inline
	case ref.Name.IsSet():
		if f := fixtures[ref.Name.Value]; f != nil {
			return f
		}
	}
	return &spec.Fixture{}
}

// fixtureNames returns the names of fixtures, sorted.
func fixtureNames(fixtures map[string]*spec.Fixture) []string {
	names := make([]string, 0, len(fixtures))
	for n := range fixtures {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// describe names a block for messages: its kind and id.
func describe(e *entry) string {
	if id := e.id(); id != "" {
		return fmt.Sprintf("%s %q", e.src.Kind, id)
	}
	return e.src.Kind + " block"
}
