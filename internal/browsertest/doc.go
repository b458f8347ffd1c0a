// Package browsertest drives Debian's chromium with chromedp to prove, in a
// real browser, what a learner does with a built site: search, the theme
// toggle, the navigation drawer, progress, the print and offline editions,
// and accessibility checked by axe-core.
//
// A test builds a site from a txtar archive into a temporary folder and
// opens its pages either from file:// (the product's promise: the course
// reads from a folder with no server) or over an httptest server:
//
//	b := browsertest.New(t)                           // one headless browser
//	s := browsertest.BuildSite(t, "testdata/course.txtar", site.Options{Minify: true})
//	p := b.Open(t, s.File("basics/watch.html"))      // a tab, from file://
//	p.Key("/")                                        // press keys (kb.Enter, kb.ArrowDown…)
//	p.Type("#lb-search-input", "compaction")          // type into an element
//	p.WaitFor(`document.querySelectorAll(".search-result").length > 0`)
//	got := p.Text(".search-result-title")             // read text
//	p.Click("[data-theme-toggle]")                    // click
//	violations := p.Axe()                             // axe-core's findings
//
// s.Serve(t) serves the same output over HTTP instead. Every Page records
// console errors, uncaught exceptions, failed loads (Errors) and every
// request it makes (Requests), so a test can prove that nothing failed and
// nothing left the site. Lesson-block tests (playback, quizzes, the fault
// picker) build a site with the block registry in site.Options.Registry
// and use the same calls.
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
