package browsertest

import (
	"strings"
	"testing"
)

// TestPrintEditionOfBlocks opens print.html of the course with every kind
// of block: each scenario step has its own map with its arrow, every fault
// case and quiz answer reads without a click, and printing shows them
// too.
func TestPrintEditionOfBlocks(t *testing.T) {
	b := New(t)
	s := buildLessons(t, blocksArchive)
	p := b.Open(t, s.File("print.html"))
	steps := p.Count(".lb-step")
	if steps == 0 {
		t.Fatal("print.html has no scenario steps")
	}
	if n := p.Count(".lb-step .lb-step-map"); n != steps {
		t.Errorf("%d step maps for %d steps", n, steps)
	}
	if got := p.Eval(`getComputedStyle(document.querySelector(".lb-step-map")).display`); got != "block" {
		t.Errorf("a step map has display %q in print.html, want block", got)
	}
	if n := p.Count(".lb-step-map .lb-box.is-active"); n < steps {
		t.Errorf("%d highlighted actors over %d step maps, want at least one each", n, steps)
	}
	visible := func(sel string) string {
		return p.Eval(`Array.from(document.querySelectorAll("` + sel + `")).every(function (e) { return e.getClientRects().length > 0 }) + ""`)
	}
	for _, sel := range []string{".lb-answer .lb-explain", ".lb-case"} {
		if p.Count(sel) == 0 {
			t.Errorf("print.html has no %s", sel)
		} else if got := visible(sel); got != "true" {
			t.Errorf("in print.html some %s are hidden", sel)
		}
	}
	if !strings.Contains(p.Text("main"), "Only the API server talks to etcd.") {
		t.Error("a quiz explanation does not read in print.html")
	}
	p.Media("print")
	if got := visible(".lb-answer .lb-explain"); got != "true" {
		t.Error("printed, some quiz answers are hidden")
	}
	p.Media("")
	// A lesson page keeps its step maps for print only.
	l := b.Open(t, s.File("blocks/scenario.html"))
	if got := l.Eval(`getComputedStyle(document.querySelector(".lb-step-map")).display`); got != "none" {
		t.Errorf("a lesson page shows its step maps on screen (display %q)", got)
	}
	l.Media("print")
	if got := l.Eval(`getComputedStyle(document.querySelector(".lb-step-map")).display`); got != "block" {
		t.Errorf("printed, a lesson page hides its step maps (display %q)", got)
	}
}
