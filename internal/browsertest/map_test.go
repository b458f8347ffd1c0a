package browsertest

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// tabTo presses Tab until the map actor id has the focus, at most limit
// times.
func tabTo(t *testing.T, p *Page, id string, limit int) {
	t.Helper()
	for range limit {
		p.Key(kb.Tab)
		if p.focused("data-actor") == id {
			return
		}
	}
	t.Fatalf("%d presses of Tab did not reach the actor %s", limit, id)
}

// focusBefore moves the focus to the element sel selects (made
// focusable by script only), so that the next Tab goes to what follows it.
func focusBefore(p *Page, sel string) {
	p.t.Helper()
	p.Eval(`(function(){var e=document.querySelector(` + jsString(sel) + `);e.tabIndex=-1;e.focus();return document.activeElement===e})()`)
}

// pressed returns the map actors of the figure sel whose aria-pressed is
// true.
func pressed(p *Page, fig string) []string {
	return Eval[[]string](p, `Array.from(document.querySelectorAll(`+jsString(fig+` .lb-actor[aria-pressed="true"]`)+`), function (g) { return g.dataset.actor })`)
}

// TestMapKeyboard proves that a map reads with the keyboard alone: Tab
// reaches every actor in order, focus previews an actor's inventory,
// Enter and Space pin it, Escape unpins; and with a mouse, hover previews
// and leaving returns to the pinned actor.
func TestMapKeyboard(t *testing.T) {
	b := New(t)
	s := buildLessons(t, blocksArchive)
	p := b.Open(t, s.File("blocks/map.html"))
	const fig, panel = "#whole-map-map", "#whole-map-map-panel"
	ids := Eval[[]string](p, `Array.from(document.querySelectorAll("#whole-map-map .lb-actor"), function (g) { return g.dataset.actor })`)
	if len(ids) < 10 {
		t.Fatalf("the map has %d actors: %q", len(ids), ids)
	}

	focusBefore(p, "#whole-map .lb-title")
	var reached []string
	for range ids {
		p.Key(kb.Tab)
		reached = append(reached, p.focused("data-actor"))
	}
	if !slices.Equal(reached, ids) {
		t.Errorf("Tab reached %q, want every actor in order %q", reached, ids)
	}
	if !Eval[bool](p, `(function(){var e=document.activeElement;return getComputedStyle(e).outlineStyle!=="none"||getComputedStyle(e.querySelector(".lb-box")).strokeWidth!==getComputedStyle(document.querySelector("#whole-map-map .lb-actor:not(:focus) .lb-box")).strokeWidth})()`) {
		t.Error("a focused actor looks like the others: no visible focus")
	}

	focusBefore(p, "#whole-map .lb-title")
	p.Key(kb.Tab)
	if got := p.Text(panel); !strings.Contains(got, "alice") || !strings.Contains(got, "WHY: Declare cluster state through the API.") {
		t.Errorf("focusing alice shows %q, want her inventory entry", got)
	}
	p.Key(kb.Enter)
	if got := pressed(p, fig); !slices.Equal(got, []string{"alice"}) {
		t.Errorf("after Enter, pinned %q, want [alice]", got)
	}
	tabTo(t, p, "scheduler", 5)
	if got := p.Text(panel); !strings.Contains(got, "WHY: Choose a Node for each new Pod and record it as a binding.") {
		t.Errorf("focusing the scheduler shows %q", got)
	}
	p.Key(" ")
	if got := pressed(p, fig); !slices.Equal(got, []string{"scheduler"}) {
		t.Errorf("after Space, pinned %q, want [scheduler]", got)
	}
	if got := p.Eval(`document.activeElement.dataset.actor`); got != "scheduler" {
		t.Errorf("after Space the focus is on %q; the page must not scroll or move focus", got)
	}
	p.Key(kb.Escape)
	if got := pressed(p, fig); len(got) != 0 {
		t.Errorf("after Escape, pinned %q, want none", got)
	}

	p.clickCentre(fig + ` .lb-actor[data-actor="kubelet/worker-a"]`)
	if got := pressed(p, fig); !slices.Equal(got, []string{"kubelet/worker-a"}) {
		t.Errorf("after a click, pinned %q, want [kubelet/worker-a]", got)
	}
	p.hover(fig + ` .lb-actor[data-actor="scheduler"]`)
	if got := p.Text(panel); !strings.Contains(got, "kube-scheduler") {
		t.Errorf("hovering the scheduler shows %q", got)
	}
	p.hover("#whole-map .lb-title")
	if got := p.Text(panel); !strings.Contains(got, "WHY: Make the Pods assigned to worker-a real.") {
		t.Errorf("after the mouse leaves, the panel shows %q, want the pinned kubelet", got)
	}
	p.clickCentre(fig + ` .lb-actor[data-actor="kubelet/worker-a"]`)
	if got := pressed(p, fig); len(got) != 0 {
		t.Errorf("a second click left %q pinned", got)
	}
	noErrors(t, p)

	t.Run("scenario map", func(t *testing.T) {
		p := b.Open(t, s.File("blocks/scenario.html"))
		focusBefore(p, "#create-web-title")
		tabTo(t, p, "scheduler", 10)
		p.Key(kb.Enter)
		if got := pressed(p, "#create-web-map"); !slices.Equal(got, []string{"scheduler"}) {
			t.Errorf("pinned %q, want [scheduler]", got)
		}
		desc := p.Eval(`document.querySelector('#create-web-svg .lb-actor[data-actor="scheduler"] desc').textContent`)
		if got := p.Text("#create-web-map-panel"); !strings.Contains(got, "kube-scheduler") || !strings.Contains(got, desc) {
			t.Errorf("the panel shows %q, want the scheduler's title and %q", got, desc)
		}
		noErrors(t, p)
	})
}
