package browsertest

import (
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/site"
)

// TestHarness opens the home page from file:// and over HTTP and checks
// what every page must do: load without errors and ask for nothing
// outside the site.
func TestHarness(t *testing.T) {
	b := New(t)
	s := BuildSite(t, "testdata/course.txtar", site.Options{Minify: true})
	base := s.Serve(t)
	for _, tc := range []struct {
		name, url, prefix string
	}{
		{"file", s.File("index.html"), "file://"},
		{"http", base + "index.html", base},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := b.Open(t, tc.url)
			if got := p.Text("h1"); got != "Browser course" {
				t.Errorf("h1 = %q, want %q", got, "Browser course")
			}
			reqs := p.Requests()
			if len(reqs) < 3 { // the page, its stylesheet and its script at least
				t.Errorf("requests = %q, want the page and its assets", reqs)
			}
			for _, r := range reqs {
				if !strings.HasPrefix(r, tc.prefix) && !strings.HasPrefix(r, "data:") {
					t.Errorf("request outside the site: %s", r)
				}
			}
			if errs := p.Errors(); len(errs) > 0 {
				t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
			}
		})
	}
}
