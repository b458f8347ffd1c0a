package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"github.com/loopbook/loopbook/engine/site"
)

// TestSearch opens search with "/", types a word of a lesson's body, sees
// it highlighted with its section, moves with the arrow keys and follows
// a result with Enter; Escape closes the dialog. From file:// and over
// HTTP.
func TestSearch(t *testing.T) {
	b := New(t)
	s := BuildSite(t, "testdata/course.txtar", site.Options{Minify: true})
	base := s.Serve(t)
	for _, tc := range []struct{ name, root string }{
		{"file", strings.TrimSuffix(s.File("index.html"), "index.html")},
		{"http", base},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := b.Open(t, tc.root+"basics/watch.html")
			if p.Eval(`typeof window.loopbookSearch`) != "undefined" {
				t.Error("the index loaded before search opened")
			}
			p.Key("/")
			p.WaitFor(`document.getElementById("lb-search").open && document.activeElement.id === "lb-search-input"`)
			p.Type("#lb-search-input", "compaction")
			p.WaitFor(`document.querySelectorAll("#lb-search-results .search-result").length > 0`)
			if got := p.Text(".search-result .search-result-title"); got != "The store" {
				t.Errorf("first result %q, want The store", got)
			}
			if got := p.Texts(".search-result mark"); len(got) == 0 || !strings.EqualFold(got[0], "compaction") {
				t.Errorf("highlighted words %q, want compaction", got)
			}
			if got := p.Text(".search-result .search-result-section"); got != "Basics" {
				t.Errorf("section %q, want Basics", got)
			}

			// Two results for a word in two lessons; the second is
			// reached with the arrow keys and followed with Enter.
			p.Eval(`document.getElementById("lb-search-input").value = ""`)
			p.Type("#lb-search-input", "api server")
			p.WaitFor(`document.querySelectorAll("#lb-search-results .search-result").length >= 2`)
			first := p.Eval(`document.querySelector('.search-result[aria-selected="true"]').id`)
			p.Key(kb.ArrowDown)
			second := p.Eval(`document.querySelector('.search-result[aria-selected="true"]').id`)
			if first != "lb-search-r0" || second != "lb-search-r1" {
				t.Errorf("active result %s then %s, want lb-search-r0 then lb-search-r1", first, second)
			}
			if got := p.Eval(`document.getElementById("lb-search-input").getAttribute("aria-activedescendant")`); got != second {
				t.Errorf("aria-activedescendant %q, want %q", got, second)
			}
			p.Key(kb.ArrowUp)
			p.Key(kb.ArrowDown)
			want := p.Eval(`document.getElementById("lb-search-r1").href`)
			p.Key(kb.Enter)
			p.WaitLoaded(want)

			p.Key("/")
			p.WaitFor(`document.getElementById("lb-search").open`)
			p.Key(kb.Escape)
			p.WaitFor(`!document.getElementById("lb-search").open`)
			if errs := p.Errors(); len(errs) > 0 {
				t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
			}
		})
	}
}
