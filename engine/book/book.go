package book

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"sync"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/site"
)

// Options configure a Book.
type Options struct {
	// Source is the site's root folder; fixtures are read from
	// Source/lessons/_fixtures.
	Source string
	// Engine runs the blocks; default ModelEngine(), or
	// ModelEngineWithTraces() when Traces is set.
	Engine Engine
	// Traces keeps each scenario's trace for Trace. A build leaves it
	// off: its pages do not show whole traces, and a course's traces
	// are most of the memory its results would hold.
	Traces bool
	// Run, when set, selects the blocks to run by id; the others are
	// parsed and checked but not run, and render as their source.
	Run *regexp.Regexp
	// Page, when set, limits the runs to the blocks of that page (a
	// source path such as "lessons/01-basics/01-first.md").
	Page string
}

// Book runs a site's blocks (see the package doc). It implements
// site.Book; one Book serves one site and may prepare it many times (a
// serve session), reusing the results of unchanged blocks.
type Book struct {
	opts Options

	mu      sync.Mutex
	entries map[key]*entry
	order   []*entry
	report  Report
	siteMap *result.Map
	// cache keeps results by the hash of what they depend on.
	cache map[[32]byte]cached
}

// cached is one run's result and error.
type cached struct {
	out any
	err error
}

var _ site.Book = (*Book)(nil)

// New returns a Book for opts.
func New(opts Options) *Book {
	if opts.Engine == nil {
		opts.Engine = newModelEngine(opts.Traces)
	}
	return &Book{opts: opts, cache: map[[32]byte]cached{}}
}

// Prepare implements site.Book: it parses, checks and runs every block,
// and returns a hash of the results, or every problem found.
func (b *Book) Prepare(blocks []site.PageBlock) (string, error) {
	fixtures, fixtureSrc, ferr := loadFixtures(b.opts.Source)
	entries, scenarios := b.parse(blocks, fixtures)
	for _, e := range entries {
		if (b.opts.Run != nil && !b.opts.Run.MatchString(e.id())) || (b.opts.Page != "" && e.page != b.opts.Page) {
			e.skipped = true
		}
	}
	b.execute(entries, scenarios, fixtureSrc)

	var all diag.List
	all.Add(ferr)
	byKey := make(map[key]*entry, len(entries))
	for _, e := range entries {
		byKey[key{e.page, e.src.Pos}] = e
		all = append(all, e.problems...)
	}
	b.mu.Lock()
	b.entries, b.order = byKey, entries
	b.report = newReport(entries, ferr)
	b.siteMap = siteMap(entries)
	b.mu.Unlock()
	if err := unique(all).Err(); err != nil {
		return "", err
	}
	return resultsKey(entries), nil
}

// resultsKey hashes what every block will render.
func resultsKey(entries []*entry) string {
	h := sha256.New()
	for _, e := range entries {
		h.Write([]byte(e.page))
		h.Write([]byte(e.src.Pos.String()))
		h.Write(e.src.Body)
		h.Write([]byte(e.hash))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// unique drops repeated problems: a failures block whose baseline could
// not run reports the baseline's error as the scenario itself does.
func unique(l diag.List) diag.List {
	seen := map[string]bool{}
	out := l[:0:0]
	for _, e := range l {
		if k := e.Error(); !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}
