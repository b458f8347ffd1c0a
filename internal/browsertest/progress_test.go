package browsertest

import (
	"testing"

	"github.com/loopbook/loopbook/engine/site"
)

// TestProgress reads a lesson, answers a quiz (the event the quiz renderer
// dispatches), sees both on the home page and in the sidebar, and resets.
func TestProgress(t *testing.T) {
	b := New(t)
	s := BuildSite(t, "testdata/course.txtar", site.Options{Minify: true})
	p := b.Open(t, s.File("index.html"))
	card := `[data-progress-pages="basics/watch.html basics/store.html"]`
	if got := p.Text(card); got != "0 of 2 read" {
		t.Errorf("Basics before reading: %q, want 0 of 2 read", got)
	}

	p.Navigate(s.File("basics/watch.html"))
	p.Eval(`document.dispatchEvent(new CustomEvent("loopbook:quiz", {detail: {id: "watch-q1", score: 2, total: 3}}))`)
	p.Navigate(s.File("basics/store.html"))
	if got := p.Eval(`document.querySelector('#sidebar [data-path="basics/watch.html"] .nav-link').className`); got != "nav-link is-visited" {
		t.Errorf("sidebar link of a read lesson: class %q, want nav-link is-visited", got)
	}
	if got := p.Text(`#sidebar [data-path="basics/watch.html"] .nav-link`); got != "Watching the API server (read)" {
		t.Errorf("sidebar link text %q, want it to say it was read", got)
	}

	p.Navigate(s.File("index.html"))
	if got := p.Text(card); got != "2 of 2 read · quizzes 2/3" {
		t.Errorf("Basics after reading: %q, want 2 of 2 read · quizzes 2/3", got)
	}
	if got := p.Text(`[data-progress-pages="scheduling/bind.html"]`); got != "0 of 1 read" {
		t.Errorf("Scheduling: %q, want 0 of 1 read", got)
	}
	if got := p.Text("[data-progress-summary]"); got != "You have read 2 pages and scored 2 of 3 in quizzes. Progress is kept in this browser only." {
		t.Errorf("summary %q", got)
	}

	p.Click("[data-progress-reset]")
	if got := p.Text(card); got != "0 of 2 read" {
		t.Errorf("Basics after the reset: %q, want 0 of 2 read", got)
	}
	p.Navigate(s.File("scheduling/bind.html"))
	if n := p.Count("#sidebar .is-visited"); n != 1 {
		t.Errorf("%d pages marked read after the reset and one visit, want 1", n)
	}
}
