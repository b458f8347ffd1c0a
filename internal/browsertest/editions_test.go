package browsertest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"github.com/loopbook/loopbook/engine/site"
)

// TestPrintEdition opens print.html from file://: every page is there once,
// the print stylesheet hides the navigation chrome and shows link targets,
// and search leads to a page's article inside it.
func TestPrintEdition(t *testing.T) {
	b := New(t)
	s := BuildSite(t, "testdata/course.txtar", site.Options{Minify: true})
	p := b.Open(t, s.File("print.html"))
	if n := p.Count("article.print-entry"); n != s.Output.Pages {
		t.Errorf("%d articles, want one per page (%d)", n, s.Output.Pages)
	}
	if n := p.Count("h1"); n != 1 {
		t.Errorf("%d h1, want 1", n)
	}
	p.Media("print")
	for _, sel := range []string{".site-header", ".site-footer", ".print-contents"} {
		if got := p.Eval(`getComputedStyle(document.querySelector("` + sel + `")).display`); got != "none" {
			t.Errorf("printed, %s has display %q, want none", sel, got)
		}
	}
	if got := p.Eval(`getComputedStyle(document.querySelector(".print-entry + .print-entry")).breakBefore`); got != "page" {
		t.Errorf("printed, an article breaks before %q, want page", got)
	}
	if got := p.Eval(`getComputedStyle(document.querySelector('.prose a[href^="https://"]'), "::after").content`); !strings.Contains(got, "https://github.com/yuin/goldmark") {
		t.Errorf("printed, an external link is followed by %s, want its URL", got)
	}
	p.Media("")

	p.Key("/")
	p.WaitFor(`document.getElementById("lb-search").open`)
	p.Type("#lb-search-input", "compaction")
	p.WaitFor(`document.querySelectorAll(".search-result").length > 0`)
	p.Key(kb.Enter)
	p.WaitFor(`location.hash === "#page-basics-store" && !document.getElementById("lb-search").open`)
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestOfflineEdition opens loopbook-offline.html alone, copied away from
// the rest of the site as a learner would mail it: it requests nothing but
// itself, it is styled, its image shows, and search works inside it.
func TestOfflineEdition(t *testing.T) {
	b := New(t)
	s := BuildSite(t, "testdata/course.txtar", site.Options{Minify: true})
	data, ok := s.Output.Lookup(site.OfflineFile)
	if !ok {
		t.Fatalf("no %s in the output", site.OfflineFile)
	}
	alone := filepath.Join(t.TempDir(), "course.html")
	if err := os.WriteFile(alone, data, 0o644); err != nil {
		t.Fatal(err)
	}
	p := b.Open(t, "file://"+filepath.ToSlash(alone))
	for _, r := range p.Requests() {
		if r != "file://"+filepath.ToSlash(alone) && !strings.HasPrefix(r, "data:") {
			t.Errorf("request outside the file: %s", r)
		}
	}
	if n := p.Count("article.print-entry"); n != s.Output.Pages {
		t.Errorf("%d articles, want %d", n, s.Output.Pages)
	}
	if got := p.Eval(`getComputedStyle(document.querySelector(".site-header")).position`); got != "sticky" {
		t.Errorf("header position %q: the stylesheet did not apply", got)
	}
	if !Eval[bool](p, `Array.from(document.images).every(function(i){return i.complete && i.naturalWidth > 0})`) {
		t.Error("an image did not load")
	}
	if p.Eval(`typeof window.loopbookSearch`) != "object" {
		t.Error("the search index is not inline")
	}
	p.Key("/")
	p.WaitFor(`document.getElementById("lb-search").open`)
	p.Type("#lb-search-input", "bookmark")
	p.WaitFor(`document.querySelectorAll(".search-result").length > 0`)
	p.Key(kb.Enter)
	p.WaitFor(`location.hash.indexOf("#page-basics-watch") === 0`)
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}
