package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// pagesPerSection is how many lesson pages each generated section holds
// (the last section takes the remainder).
const pagesPerSection = 50

// A corpus is the plan of a synthetic site: its sections, its pages and
// every page's headings, fixed before any body is written so that links can
// point at headings of pages that are generated later.
type corpus struct {
	seed     uint64
	sections []*section
	pages    []*page // all pages in order: section by section
}

type section struct {
	num   int    // 1-based
	dir   string // folder name, e.g. "02-section-2"
	title string
	pages []*page
}

type page struct {
	idx      int // 0-based position in corpus.pages
	sec      *section
	num      int    // 1-based position in its section
	base     string // file name without ".md", e.g. "005-page-5"
	title    string
	summary  string
	headings []heading
}

type heading struct {
	level int // 2 or 3
	text  string
	slug  string
}

// newCorpus plans a corpus of n lesson pages from seed.
func newCorpus(n int, seed uint64) *corpus {
	c := &corpus{seed: seed}
	nsec := (n + pagesPerSection - 1) / pagesPerSection
	secWidth := max(2, len(fmt.Sprint(nsec)))
	pageWidth := max(3, len(fmt.Sprint(pagesPerSection)))
	for k := 1; k <= nsec; k++ {
		r := c.rng(0, uint64(k))
		s := &section{
			num:   k,
			dir:   fmt.Sprintf("%0*d-section-%d", secWidth, k, k),
			title: fmt.Sprintf("Section %d: %s", k, capitalize(phrase(r, 2, 4))),
		}
		count := min(pagesPerSection, n-(k-1)*pagesPerSection)
		for j := 1; j <= count; j++ {
			p := &page{
				idx:  len(c.pages),
				sec:  s,
				num:  j,
				base: fmt.Sprintf("%0*d-page-%d", pageWidth, j, j),
			}
			c.planPage(p)
			s.pages = append(s.pages, p)
			c.pages = append(c.pages, p)
		}
		c.sections = append(c.sections, s)
	}
	return c
}

// rng returns the random stream for one purpose (stream) and one item, so
// that every page is generated independently of the others.
func (c *corpus) rng(stream, item uint64) *rand.Rand {
	return rand.New(rand.NewPCG(c.seed^(stream*0x9e3779b97f4a7c15), item))
}

func (c *corpus) planPage(p *page) {
	r := c.rng(1, uint64(p.idx))
	p.title = capitalize(phrase(r, 3, 6))
	p.summary = capitalize(sentenceWords(r, 8, 14)) + "."
	nh := 5 + r.IntN(3)
	seen := map[string]bool{}
	for len(p.headings) < nh {
		level := 2
		if len(p.headings) > 0 && r.IntN(3) == 0 {
			level = 3
		}
		text := headingText(r)
		s := slugify(text)
		if seen[s] {
			continue
		}
		seen[s] = true
		p.headings = append(p.headings, heading{level: level, text: text, slug: s})
	}
}

// slugify makes a GitHub-style heading ID: lower case, spaces and hyphens
// to '-', other punctuation dropped.
func slugify(text string) string {
	var b strings.Builder
	for _, ch := range strings.TrimSpace(text) {
		switch {
		case ch >= 'a' && ch <= 'z', ch >= '0' && ch <= '9', ch == '_':
			b.WriteRune(ch)
		case ch >= 'A' && ch <= 'Z':
			b.WriteRune(ch + 'a' - 'A')
		case ch == ' ' || ch == '-':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// write generates the corpus twice: as a loopbook site in loopDir and as a
// Hugo site in hugoDir (either may be empty to skip it), and returns the size
// of the lesson pages' Markdown. Both folders are replaced. The two copies hold the same text; only links differ: the
// loopbook copy links to .md source files, the Hugo copy to the pretty URLs
// Hugo gives the same pages.
func (c *corpus) write(loopDir, hugoDir string) (int64, error) {
	for _, d := range []string{loopDir, hugoDir} {
		if d == "" {
			continue
		}
		if err := os.RemoveAll(d); err != nil {
			return 0, err
		}
	}
	var files []file
	home := "Welcome to the benchmark course. Its lessons are generated text.\n"
	if loopDir != "" {
		files = append(files,
			file{filepath.Join(loopDir, "loopbook.yaml"), "title: Bench\n"},
			file{filepath.Join(loopDir, "content", "_index.md"), "---\ntitle: Home\n---\n\n" + home},
		)
	}
	if hugoDir != "" {
		files = append(files,
			file{filepath.Join(hugoDir, "hugo.toml"), hugoConfig},
			file{filepath.Join(hugoDir, "content", "_index.md"), "---\ntitle: Home\n---\n\n" + home},
			file{filepath.Join(hugoDir, "layouts", "_default", "single.html"), hugoLayout},
			file{filepath.Join(hugoDir, "layouts", "_default", "list.html"), hugoLayout},
			file{filepath.Join(hugoDir, "layouts", "index.html"), hugoLayout},
			file{filepath.Join(hugoDir, "layouts", "404.html"), hugoLayout},
		)
	}
	for _, s := range c.sections {
		r := c.rng(2, uint64(s.num))
		front := fmt.Sprintf("---\ntitle: %q\nweight: %d\n---\n\n", s.title, s.num)
		body := front + capitalize(sentenceWords(r, 10, 18)) + ". " +
			capitalize(sentenceWords(r, 10, 18)) + ".\n"
		if loopDir != "" {
			files = append(files, file{filepath.Join(loopDir, "lessons", s.dir, "_index.md"), body})
		}
		if hugoDir != "" {
			files = append(files, file{filepath.Join(hugoDir, "content", "lessons", s.dir, "_index.md"), body})
		}
	}
	for _, f := range files {
		if err := writeFile(f.path, f.text); err != nil {
			return 0, err
		}
	}
	// Pages are independent of each other: write them in parallel.
	var (
		next  atomic.Int64
		total atomic.Int64
		wg    sync.WaitGroup
		errMu sync.Mutex
		first error
	)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(c.pages) {
					return
				}
				p := c.pages[i]
				loop, hugo := c.pageText(p)
				total.Add(int64(len(loop)))
				var err error
				if loopDir != "" {
					err = writeFile(filepath.Join(loopDir, "lessons", p.sec.dir, p.base+".md"), loop)
				}
				if err == nil && hugoDir != "" {
					err = writeFile(filepath.Join(hugoDir, "content", "lessons", p.sec.dir, p.base+".md"), hugo)
				}
				if err != nil {
					errMu.Lock()
					if first == nil {
						first = err
					}
					errMu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	return total.Load(), first
}

type file struct{ path, text string }

func writeFile(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text), 0o644)
}

const hugoConfig = `baseURL = "/"
title = "Bench"
disableKinds = ["taxonomy", "term", "RSS"]

[markup.highlight]
noClasses = false

[markup.goldmark.renderer]
unsafe = false
`

const hugoLayout = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title>
</head>
<body>
<main>
<h1>{{ .Title }}</h1>
{{ .Content }}
</main>
</body>
</html>
`

// twin writes the same text into a loopbook page and its Hugo copy; only
// links are written differently.
type twin struct{ loop, hugo strings.Builder }

func (w *twin) s(parts ...string) {
	for _, p := range parts {
		w.loop.WriteString(p)
		w.hugo.WriteString(p)
	}
}

// link writes a link from page from to page to (nil: from itself), with an
// optional #anchor.
func (w *twin) link(text string, from, to *page, anchor string) {
	var loop, hugo string
	switch {
	case to == nil || to == from:
		loop, hugo = "", ""
	case to.sec == from.sec:
		loop = to.base + ".md"
		hugo = "../" + to.base + "/"
	default:
		loop = "../" + to.sec.dir + "/" + to.base + ".md"
		hugo = "../../" + to.sec.dir + "/" + to.base + "/"
	}
	if anchor != "" {
		loop += "#" + anchor
		hugo += "#" + anchor
	}
	fmt.Fprintf(&w.loop, "[%s](%s)", text, loop)
	fmt.Fprintf(&w.hugo, "[%s](%s)", text, hugo)
}

// block kinds every page contains at least once.
const (
	blockBullets = iota
	blockNumbered
	blockTable
	blockGo
	blockYAML
	blockShell
	numBlocks
)

// avgParagraph is about the size of a generated paragraph, in bytes.
const avgParagraph = 250

// pageText returns the loopbook and the Hugo text of one lesson page. The
// page is rendered once with one paragraph per heading, then again with as
// many more paragraphs as bring it near its 3–5 KB target size.
func (c *corpus) pageText(p *page) (loop, hugo string) {
	base, _ := c.renderPage(p, nil)
	r := c.rng(4, uint64(p.idx))
	target := 3000 + r.IntN(2001)
	extra := make([]int, len(p.headings))
	for size := len(base); size+avgParagraph/2 < target; size += avgParagraph {
		extra[r.IntN(len(extra))]++
	}
	return c.renderPage(p, extra)
}

// renderPage renders a page with extra[i] more paragraphs under heading i.
func (c *corpus) renderPage(p *page, extra []int) (loop, hugo string) {
	r := c.rng(3, uint64(p.idx))
	w := &twin{}
	w.s("---\n",
		fmt.Sprintf("title: %q\n", p.title),
		fmt.Sprintf("weight: %d\n", p.num),
		fmt.Sprintf("summary: %q\n", p.summary),
		"---\n\n")

	// Links: one to another page of the section with an anchor, one to a
	// page of another section, one to a heading of a page of another section,
	// one to a heading of this page.
	type lnk struct {
		to     *page
		anchor string
	}
	var links []lnk
	if len(p.sec.pages) > 1 {
		to := p.sec.pages[r.IntN(len(p.sec.pages)-1)]
		if to == p {
			to = p.sec.pages[len(p.sec.pages)-1]
		}
		links = append(links, lnk{to, to.headings[r.IntN(len(to.headings))].slug})
	}
	if len(c.sections) > 1 {
		for i := 0; i < 2; i++ {
			other := c.sections[r.IntN(len(c.sections)-1)]
			if other == p.sec {
				other = c.sections[len(c.sections)-1]
			}
			to := other.pages[r.IntN(len(other.pages))]
			anchor := ""
			if i == 1 {
				anchor = to.headings[r.IntN(len(to.headings))].slug
			}
			links = append(links, lnk{to, anchor})
		}
	}
	links = append(links, lnk{nil, p.headings[r.IntN(len(p.headings))].slug})

	// Spread the required blocks and the links over the headings.
	nh := len(p.headings)
	blocks := make([][]int, nh)
	for b := range numBlocks {
		i := r.IntN(nh)
		blocks[i] = append(blocks[i], b)
	}
	linkAt := make([][]lnk, nh)
	for _, l := range links {
		i := r.IntN(nh)
		linkAt[i] = append(linkAt[i], l)
	}
	paras := make([]int, nh)
	for i := range paras {
		paras[i] = 1
		if extra != nil {
			paras[i] += extra[i]
		}
	}

	w.s(capitalize(sentenceWords(r, 12, 20)), ".\n\n")
	for i, h := range p.headings {
		w.s(strings.Repeat("#", h.level), " ", h.text, "\n\n")
		for j := 0; j < paras[i]; j++ {
			var ls []lnk
			if j == 0 {
				ls = linkAt[i]
			}
			paragraph(w, r, func(w *twin) {
				if len(ls) == 0 {
					return
				}
				l := ls[0]
				ls = ls[1:]
				w.s(pick(r, linkLeads), " ")
				text := "this section"
				if l.to != nil {
					text = l.to.title
				}
				w.link(text, p, l.to, l.anchor)
			}, len(ls))
		}
		for _, b := range blocks[i] {
			writeBlock(w, r, b)
		}
	}
	return w.loop.String(), w.hugo.String()
}

var linkLeads = []string{"See", "Compare with", "This builds on", "Read", "Come back after"}

// paragraph writes 3–5 sentences; insert is called nlinks times between
// sentences to place links.
func paragraph(w *twin, r *rand.Rand, insert func(*twin), nlinks int) {
	n := 2 + r.IntN(3)
	at := map[int]int{}
	for range nlinks {
		at[r.IntN(n)]++
	}
	for i := range n {
		if i > 0 {
			w.s(" ")
		}
		words := sentence(r)
		w.s(words, ".")
		for range at[i] {
			w.s(" ")
			insert(w)
			w.s(".")
		}
	}
	w.s("\n\n")
}

// sentence is a capitalized run of words with some inline markup.
func sentence(r *rand.Rand) string {
	n := 6 + r.IntN(8)
	out := make([]string, n)
	for i := range out {
		word := pick(r, words)
		switch r.IntN(24) {
		case 0:
			word = "*" + word + "*"
		case 1:
			word = "**" + word + "**"
		case 2:
			word = "`" + pick(r, idents) + "." + capitalize(pick(r, words)) + "`"
		case 3:
			word = "`" + pick(r, idents) + "()`"
		}
		out[i] = word
	}
	if out[0][0] >= 'a' && out[0][0] <= 'z' {
		out[0] = capitalize(out[0])
	}
	if r.IntN(4) == 0 {
		out[n/2] += ","
	}
	return strings.Join(out, " ")
}

func writeBlock(w *twin, r *rand.Rand, kind int) {
	switch kind {
	case blockBullets, blockNumbered:
		n := 3 + r.IntN(4)
		for i := range n {
			marker := "-"
			if kind == blockNumbered {
				marker = fmt.Sprintf("%d.", i+1)
			}
			item := capitalize(sentenceWords(r, 4, 10))
			if r.IntN(3) == 0 {
				item += ": `" + pick(r, idents) + "`"
			}
			w.s(marker, " ", item, "\n")
		}
		w.s("\n")
	case blockTable:
		cols := 3 + r.IntN(2)
		head := []string{"Setting", "Default", "Effect", "Since"}[:cols]
		w.s("| ", strings.Join(head, " | "), " |\n")
		w.s(strings.Repeat("| --- ", cols), "|\n")
		for range 3 + r.IntN(4) {
			cells := []string{
				"`" + pick(r, idents) + "`",
				fmt.Sprint(r.IntN(500)),
				capitalize(sentenceWords(r, 3, 7)),
				fmt.Sprintf("v0.%d", 1+r.IntN(30)),
			}[:cols]
			w.s("| ", strings.Join(cells, " | "), " |\n")
		}
		w.s("\n")
	case blockGo:
		name := capitalize(pick(r, idents))
		field := capitalize(pick(r, words))
		w.s("```go\n",
			"// ", name, " ", sentenceWords(r, 4, 8), ".\n",
			"func ", name, "(ctx context.Context, cfg *Config) (int, error) {\n",
			"\tif cfg == nil {\n",
			"\t\treturn 0, errors.New(\"", pick(r, idents), ": no config\")\n",
			"\t}\n",
			"\tn := 0\n",
			fmt.Sprintf("\tfor i := 0; i < cfg.%s; i++ {\n", field),
			"\t\tselect {\n",
			"\t\tcase <-ctx.Done():\n",
			"\t\t\treturn n, ctx.Err()\n",
			"\t\tdefault:\n",
			fmt.Sprintf("\t\t\tn += i * %d\n", 1+r.IntN(9)),
			"\t\t}\n",
			"\t}\n",
			fmt.Sprintf("\treturn n, fmt.Errorf(\"%s: %%d\", n)\n", pick(r, words)),
			"}\n",
			"```\n\n")
	case blockYAML:
		w.s("```yaml\n",
			pick(r, idents), ":\n",
			"  name: ", pick(r, words), "-", pick(r, words), "\n",
			fmt.Sprintf("  replicas: %d\n", 1+r.IntN(5)),
			fmt.Sprintf("  enabled: %t\n", r.IntN(2) == 0),
			"  labels:\n",
			"    app: ", pick(r, idents), "\n",
			"    tier: ", pick(r, words), "\n",
			"  ports:\n",
			fmt.Sprintf("    - %d\n", 8000+r.IntN(1000)),
			fmt.Sprintf("    - %d\n", 9000+r.IntN(1000)),
			"  note: \"", sentenceWords(r, 3, 6), "\"\n",
			"```\n\n")
	case blockShell:
		if r.IntN(2) == 0 {
			w.s("```console\n",
				"$ loopbook build -s ", pick(r, words), " -d public\n",
				fmt.Sprintf("built %d pages in %dms\n", 10+r.IntN(90), 50+r.IntN(900)),
				"$ ls public | head -n 2\n",
				"404.html\n",
				"index.html\n",
				"```\n\n")
		} else {
			w.s("```shell\n",
				"#!/bin/sh\n",
				"set -eu\n",
				"for f in ", pick(r, words), "/*.md; do\n",
				"  grep -c '^## ' \"$f\" || true\n",
				"done\n",
				"export ", strings.ToUpper(pick(r, idents)), "=", fmt.Sprint(r.IntN(100)), "\n",
				"```\n\n")
		}
	}
}

func headingText(r *rand.Rand) string {
	switch r.IntN(5) {
	case 0:
		return fmt.Sprintf("Step %d: %s", 1+r.IntN(9), phrase(r, 2, 4))
	case 1:
		return fmt.Sprintf("Why the %s, not the %s?", pick(r, words), pick(r, words))
	case 2:
		return capitalize(pick(r, words)) + ", " + phrase(r, 1, 3)
	default:
		return capitalize(phrase(r, 2, 5))
	}
}

func phrase(r *rand.Rand, lo, hi int) string { return sentenceWords(r, lo, hi) }

func sentenceWords(r *rand.Rand, lo, hi int) string {
	n := lo + r.IntN(hi-lo+1)
	out := make([]string, n)
	for i := range out {
		out[i] = pick(r, words)
	}
	return strings.Join(out, " ")
}

func pick(r *rand.Rand, list []string) string { return list[r.IntN(len(list))] }

func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

var words = strings.Fields(`
the a of to and in that is for on with as by it from this at be are when
which not or each every then only after before until while so but because
controller scheduler kubelet node pod deployment replica cache queue watch
list store revision version lease leader election request response handler
server client object field status spec condition event binding volume claim
secret config map label selector namespace quota limit admission webhook
retry backoff timeout deadline budget shard page lesson section heading
build render template theme asset link anchor table code block trace step
fails waits writes reads records updates deletes creates observes returns
compares reconciles schedules binds evicts restarts drains throttles
quickly slowly eventually safely twice once again always never rarely
stable stale fresh pending ready healthy degraded current desired
`)

var idents = strings.Fields(`
reconcile syncHandler podLister nodeInfo leaseDuration resyncPeriod
workQueue informer rateLimiter bindPod evictPod watchCache storeIndex
resourceVersion fieldSelector admitRequest retryAfter maxInflight
`)
