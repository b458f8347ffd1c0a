package browsertest

import (
	"os"
	"path/filepath"
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

// TestAxeFindsViolations proves the accessibility check can fail: a page
// with an image without alt text and no language breaks two rules.
func TestAxeFindsViolations(t *testing.T) {
	b := New(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.html")
	if err := os.WriteFile(bad, []byte(`<!DOCTYPE html><html><head><title>x</title></head><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>`), 0o644); err != nil {
		t.Fatal(err)
	}
	p := b.Open(t, "file://"+filepath.ToSlash(bad))
	found := map[string]bool{}
	for _, v := range p.Axe() {
		found[v.ID] = true
	}
	for _, id := range []string{"image-alt", "html-has-lang"} {
		if !found[id] {
			t.Errorf("axe did not report %s; it reported %v", id, found)
		}
	}
}
