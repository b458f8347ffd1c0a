package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"github.com/loopbook/loopbook/engine/site"
)

// TestThemeToggle switches to the dark theme, which must survive a reload
// and a move to another page, and back.
func TestThemeToggle(t *testing.T) {
	b := New(t)
	s := BuildSite(t, "testdata/course.txtar", site.Options{Minify: true})
	p := b.Open(t, s.File("basics/watch.html"))
	p.Media("", "prefers-color-scheme=light")
	if got := p.Eval(`document.querySelector("[data-theme-toggle]").getAttribute("aria-pressed")`); got != "false" {
		t.Errorf("aria-pressed %q in the light theme, want false", got)
	}
	light := p.Eval(`getComputedStyle(document.body).backgroundColor`)
	p.Click("[data-theme-toggle]")
	if got := p.Eval(`document.documentElement.dataset.theme`); got != "dark" {
		t.Fatalf("data-theme %q after the toggle, want dark", got)
	}
	dark := p.Eval(`getComputedStyle(document.body).backgroundColor`)
	if dark == light {
		t.Errorf("the background stayed %s", dark)
	}
	p.Navigate(s.File("basics/store.html"))
	if got := p.Eval(`document.documentElement.dataset.theme + " " + document.querySelector("[data-theme-toggle]").getAttribute("aria-pressed")`); got != "dark true" {
		t.Errorf("on the next page: theme and aria-pressed %q, want dark true", got)
	}
	p.Click("[data-theme-toggle]")
	p.Reload()
	if got := p.Eval(`document.documentElement.dataset.theme`); got != "light" {
		t.Errorf("data-theme %q after toggling back and a reload, want light", got)
	}
}

// TestDrawer opens the course navigation on a 360 px phone, reaches a
// link in it, and closes it with Escape; the page never scrolls sideways.
func TestDrawer(t *testing.T) {
	b := New(t)
	s := BuildSite(t, "testdata/course.txtar", site.Options{Minify: true})
	p := b.Open(t, s.File("basics/watch.html"))
	p.Viewport(360, 740, true)
	p.Reload()
	if got := Eval[int](p, `document.documentElement.scrollWidth`); got > 360 {
		t.Errorf("page is %d px wide at 360 px", got)
	}
	if Eval[bool](p, `document.getElementById("sidebar").getBoundingClientRect().right > 0`) {
		t.Error("the sidebar shows before the drawer opens")
	}
	p.Click("[data-nav-toggle]")
	p.WaitFor(`(function(){var r=document.getElementById("sidebar").getBoundingClientRect();return r.left >= 0 && r.right > 200})()`)
	if got := p.Eval(`document.querySelector("[data-nav-toggle]").getAttribute("aria-expanded")`); got != "true" {
		t.Errorf("aria-expanded %q with the drawer open", got)
	}
	if got := p.Eval(`document.activeElement.getAttribute("aria-current") + " " + document.activeElement.getAttribute("href")`); got != "page watch.html" {
		t.Errorf("focus on %q, want the current page's link", got)
	}
	if !Eval[bool](p, `document.querySelector("main").inert`) {
		t.Error("the page behind the drawer is not inert")
	}
	p.Key(kb.Escape)
	p.WaitFor(`document.querySelector("[data-nav-toggle]").getAttribute("aria-expanded") === "false" && document.activeElement.matches("[data-nav-toggle]")`)
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}
