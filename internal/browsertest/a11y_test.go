package browsertest

import (
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/site"
)

// pageTypes are one page of each kind of the test course.
var pageTypes = []struct{ kind, path string }{
	{"home", "index.html"},
	{"section", "basics/index.html"},
	{"lesson", "basics/watch.html"},
	{"page", "glossary.html"},
	{"404", "404.html"},
	{"print", "print.html"},
	{"offline", site.OfflineFile},
}

// TestAccessibility runs axe-core on every page type in the light and the
// dark theme, and with the search dialog open on results: zero violations.
// Each page has one h1 and a description, and nothing moves when the
// script arrives.
func TestAccessibility(t *testing.T) {
	b := New(t)
	s := BuildSite(t, "testdata/course.txtar", site.Options{Minify: true})
	for _, scheme := range []string{"light", "dark"} {
		for _, pt := range pageTypes {
			t.Run(scheme+"/"+pt.kind, func(t *testing.T) {
				p := b.Open(t, s.File(pt.path))
				p.Media("", "prefers-color-scheme="+scheme, "prefers-reduced-motion=reduce")
				for _, v := range p.Axe() {
					t.Errorf("axe: %s", v)
				}
				if n := p.Count("h1"); n != 1 {
					t.Errorf("%d h1, want 1", n)
				}
				if d := p.Eval(`document.querySelector('meta[name="description"]').content`); d == "" {
					t.Error("empty meta description")
				}
				if cls := Eval[float64](p, layoutShift); cls > 0.01 {
					t.Errorf("layout shift %.3f while loading, want none", cls)
				}
				if errs := p.Errors(); len(errs) > 0 {
					t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
				}
			})
		}
		t.Run(scheme+"/search", func(t *testing.T) {
			p := b.Open(t, s.File("basics/watch.html"))
			p.Media("", "prefers-color-scheme="+scheme)
			p.Key("/")
			p.Type("#lb-search-input", "watch")
			p.WaitFor(`document.querySelectorAll(".search-result mark").length > 0`)
			for _, v := range p.Axe() {
				t.Errorf("axe: %s", v)
			}
		})
	}
}

// layoutShift sums the page's layout shifts so far (Cumulative Layout
// Shift, without those that follow input).
const layoutShift = `new Promise(function (done) {
	var cls = 0;
	new PerformanceObserver(function (list) {
		list.getEntries().forEach(function (e) { if (!e.hadRecentInput) cls += e.value; });
	}).observe({type: "layout-shift", buffered: true});
	setTimeout(function () { done(cls); }, 200);
})`
