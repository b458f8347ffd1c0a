// Package browsertest drives Debian's chromium with chromedp to prove, in a
// real browser, what a learner does with a built site: search, the theme
// toggle, the navigation drawer, progress, the print and offline editions,
// and accessibility checked by axe-core.
//
// A test builds a site from a txtar archive into a temporary folder and
// opens its pages either from file:// (the product's promise: the course
// reads from a folder with no server) or over an httptest server:
//
//	b := browsertest.New(t)                  // one headless browser
//	s := b.Site(t, "testdata/course.txtar") // built and published
//	p := b.Open(t, s.File("index.html"))    // a tab, from file://
//	p.Key("/")                              // press keys
//	p.Type("#lb-search-input", "watch")
//	got := p.Text(".lb-search-result mark")  // read text
//
// Chromium is found at $LOOPBOOK_CHROMIUM, else as chromium or
// chromium-browser on $PATH. A missing browser fails the tests with the
// command that installs it; they never skip. `make test` installs it with
// apt when the user is root.
//
// axe-core is installed with npm, for the tests only, into the git-ignored
// folder .cache/npm at the repository root the first time a test needs it
// (or found at $LOOPBOOK_AXE); see axe.go.
package browsertest
