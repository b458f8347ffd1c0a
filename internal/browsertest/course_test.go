package browsertest

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/loopbook/loopbook/engine/site"
)

// The budgets of issue 9 (Weight), in bytes.
const (
	pageBudget   = 150 * 1024 // a lesson page with its CSS, JS and SVG, gzipped
	scriptBudget = 20 * 1024  // loopbook.js and blocks.js, minified and gzipped
	indexShare   = 0.15       // the search index's share of the site's bytes
)

// gzipLen is the length of data gzipped at the default level, as a
// server would send it.
func gzipLen(data []byte) int {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, _ = w.Write(data) // a bytes.Buffer does not fail
	_ = w.Close()
	return b.Len()
}

// kib formats n bytes in KiB.
func kib(n int) string { return fmt.Sprintf("%.1f KiB", float64(n)/1024) }

// firstPageWith returns the first HTML page of out whose bytes match re.
func firstPageWith(t *testing.T, out *site.Output, re *regexp.Regexp) string {
	t.Helper()
	for _, f := range out.Files {
		if strings.HasSuffix(f.Path, ".html") && f.Path != "print.html" && f.Path != site.OfflineFile && re.Match(f.Data) {
			return f.Path
		}
	}
	t.Fatalf("no page matches %s", re)
	return ""
}

// axeWithin is Page.Axe with a longer limit: the heaviest lessons of the
// course take axe-core more than a page action's timeout on a busy
// machine.
func axeWithin(p *Page, limit time.Duration) []Violation {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, limit)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](axeSource(p.t)+";true")); err != nil {
		p.t.Fatalf("injecting axe-core: %v", err)
	}
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]Violation](`axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}, resultTypes: ["violations"], preload: false})
		.then(function (r) { return r.violations.map(function (v) {
			return {id: v.id, impact: v.impact || "", help: v.help, targets: v.nodes.slice(0, 5).map(function (n) { return n.target.join(" ") })};
		}) })`, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("axe-core: %v", err)
	}
	return v
}

// TestCourse builds the repository's own course with its lesson blocks
// run by the engine, checks the weight budgets (the heaviest page as the
// browser loads it, the theme's scripts, the search index's share) and
// runs axe-core on a sample of real lesson pages. It takes a minute or
// more: the whole course runs.
func TestCourse(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	s := buildWithBook(t, root, t.TempDir())
	out := s.Output
	b := New(t)

	weights := out.Weights()
	if len(weights) < 20 {
		t.Fatalf("%d pages in the course", len(weights))
	}
	heaviest := weights[0]
	t.Logf("heaviest page %s: %s in %d files (gzipped)", heaviest.Path, kib(heaviest.Bytes), heaviest.Files)
	if heaviest.Bytes > pageBudget {
		t.Errorf("the heaviest page %s weighs %s gzipped, over the budget of %s", heaviest.Path, kib(heaviest.Bytes), kib(pageBudget))
	}

	t.Run("heaviest page in the browser", func(t *testing.T) {
		// What the browser really loads, not what the build thinks it does.
		p := b.Open(t, s.File(heaviest.Path))
		loaded := 0
		for _, r := range p.Requests() {
			u, err := url.Parse(r)
			if err != nil || u.Scheme != "file" {
				if !strings.HasPrefix(r, "data:") {
					t.Errorf("request outside the site: %s", r)
				}
				continue
			}
			rel, err := filepath.Rel(s.Public, filepath.FromSlash(u.Path))
			if err != nil {
				t.Fatal(err)
			}
			data, ok := out.Lookup(filepath.ToSlash(rel))
			if !ok {
				t.Errorf("the page loads %s, which is not in the output", rel)
				continue
			}
			loaded += gzipLen(data)
		}
		t.Logf("%s as loaded by the browser: %s gzipped", heaviest.Path, kib(loaded))
		if loaded > pageBudget {
			t.Errorf("%s loads %s gzipped, over the budget of %s", heaviest.Path, kib(loaded), kib(pageBudget))
		}
		if loaded > heaviest.Bytes {
			t.Errorf("the browser loads %s for %s, more than the %s the build reports", kib(loaded), heaviest.Path, kib(heaviest.Bytes))
		}
		noErrors(t, p)
	})

	t.Run("theme scripts", func(t *testing.T) {
		total := 0
		for _, name := range []string{"loopbook", "blocks"} {
			var found bool
			for _, f := range out.Files {
				if m, _ := path.Match(site.AssetsDir+"/"+name+".*.js", f.Path); !m {
					continue
				}
				found = true
				src, err := themeAsset(root, name+".js")
				if err != nil {
					t.Fatal(err)
				}
				if len(f.Data) >= len(src) {
					t.Errorf("%s is %d bytes published, %d in the theme: not minified", f.Path, len(f.Data), len(src))
				}
				n := gzipLen(f.Data)
				t.Logf("%s: %d bytes minified, %s gzipped", f.Path, len(f.Data), kib(n))
				total += n
			}
			if !found {
				t.Errorf("no %s script in the output", name)
			}
		}
		t.Logf("theme scripts: %s minified and gzipped", kib(total))
		if total > scriptBudget {
			t.Errorf("the theme's scripts weigh %s minified and gzipped, over the budget of %s", kib(total), kib(scriptBudget))
		}
	})

	t.Run("search index", func(t *testing.T) {
		idx, ok := out.SearchIndex()
		if !ok {
			t.Fatal("no search index")
		}
		share := float64(len(idx.Data)) / float64(out.Size())
		t.Logf("search index %s of %s: %.1f%%", kib(len(idx.Data)), kib(out.Size()), 100*share)
		if share > indexShare {
			t.Errorf("the search index is %.1f%% of the site, over %.0f%%", 100*share, 100*indexShare)
		}
	})

	t.Run("axe", func(t *testing.T) {
		sample := []struct{ kind, path string }{
			{"heaviest", heaviest.Path},
			{"failures", firstPageWith(t, out, regexp.MustCompile(`data-lb="?failures`))},
			{"whatif", firstPageWith(t, out, regexp.MustCompile(`data-lb="?whatif`))},
			{"quiz", firstPageWith(t, out, regexp.MustCompile(`data-lb="?quiz`))},
		}
		for _, scheme := range []string{"light", "dark"} {
			for _, width := range []int64{1280, 360} {
				for _, sp := range sample {
					t.Run(fmt.Sprintf("%s/%d/%s", scheme, width, sp.kind), func(t *testing.T) {
						p := b.Open(t, s.File(sp.path))
						p.Media("", "prefers-color-scheme="+scheme, "prefers-reduced-motion=reduce")
						p.Viewport(width, 900, width < 600)
						for _, v := range axeWithin(p, 2*time.Minute) {
							t.Errorf("axe on %s: %s", sp.path, v)
						}
						noErrors(t, p)
					})
				}
			}
		}
	})

	t.Run("screenshots", func(t *testing.T) { screenshots(t, b, s) })
}
