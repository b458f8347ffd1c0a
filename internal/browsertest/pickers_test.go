package browsertest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// shownCases returns the data-case of every .lb-case of the block sel
// that is visible.
func shownCases(p *Page, block string) []string {
	return Eval[[]string](p, `Array.from(document.querySelectorAll(`+jsString(block+" .lb-case")+`)).filter(function (c) { return c.checkVisibility() }).map(function (c) { return c.dataset.case })`)
}

// brokenActors returns the map actors of the block sel drawn broken, with
// the DOWN marks showing and "(down)" in their title.
func brokenActors(t *testing.T, p *Page, block string) []string {
	t.Helper()
	ids := Eval[[]string](p, `Array.from(document.querySelectorAll(`+jsString(block+" .lb-actor.is-broken")+`), function (g) { return g.dataset.actor })`)
	for _, id := range ids {
		g := block + ` .lb-actor[data-actor="` + id + `"]`
		if !p.visible(g + " g.lb-down") {
			t.Errorf("%s is broken but its DOWN mark does not show", id)
		}
		if title := p.Text(g + " title"); !strings.HasSuffix(title, "(down)") {
			t.Errorf("%s is broken but its title is %q", id, title)
		}
	}
	return ids
}

// TestFailuresPicker chooses each fault with the mouse and the keyboard:
// the chosen fault's case shows alone, the caption names it and the map
// draws the part it breaks.
func TestFailuresPicker(t *testing.T) {
	b := New(t)
	s := buildLessons(t, blocksArchive)
	p := b.Open(t, s.File("blocks/failures.html"))
	const block = "#two-faults"
	faults := []struct {
		radio, title, broken, stalled string
	}{
		{"#two-faults-fault-opt-1", "Kill the scheduler", "scheduler", "scheduler CREATE pods/binding demo/probe-*"},
		{"#two-faults-fault-opt-2", "Crash one container", "pod/demo/web-b", "none: every baseline event was reached"},
	}
	want := func(i int) {
		t.Helper()
		f := faults[i]
		if got := shownCases(p, block); !slices.Equal(got, []string{fmt.Sprint(i + 1)}) {
			t.Errorf("%s: cases shown %q, want [%d]", f.title, got, i+1)
		}
		if got := p.Text(block + " .lb-now"); got != f.title {
			t.Errorf("%s: the map is drawn for %q", f.title, got)
		}
		if got := brokenActors(t, p, block); !slices.Equal(got, []string{f.broken}) {
			t.Errorf("%s: broken on the map %q, want [%s]", f.title, got, f.broken)
		}
		if got := p.Text(fmt.Sprintf(`%s .lb-case[data-case="%d"] .lb-facts dd`, block, i+1)); got != f.stalled {
			t.Errorf("%s: first stalled boundary %q, want %q", f.title, got, f.stalled)
		}
	}
	want(0)
	p.clickCentre(faults[1].radio)
	want(1)
	p.clickCentre(faults[0].radio)
	want(0)
	p.Key(kb.ArrowDown) // the focused radio group moves to the next fault
	want(1)
	p.Key(kb.ArrowUp)
	want(0)
	if p.visible(block + ` .lb-case[data-case="2"] .lb-cmd`) {
		t.Error("the other fault's kubectl output shows")
	}
	if got := p.Text(block + ` .lb-case[data-case="1"] .lb-cmd`); !strings.Contains(got, "kubectl get pods") || !strings.Contains(got, "Pending") {
		t.Errorf("kill scheduler: kubectl output %q, want the probe's Pods Pending", got)
	}
	noErrors(t, p)
}

// TestWhatifToggles sets every combination of the what-if's inputs with
// its toggles and compares the outcome shown with the engine's row of the
// full table.
func TestWhatifToggles(t *testing.T) {
	b := New(t)
	s := buildLessons(t, blocksArchive)
	p := b.Open(t, s.File("blocks/whatif.html"))
	inputs := Eval[[][]string](p, `Array.from(document.querySelectorAll("#pod-inputs .lb-whatif-controls fieldset"), function (f) {
		return Array.from(f.querySelectorAll("label"), function (l) { return l.textContent.trim() });
	})`)
	if len(inputs) != 2 || len(inputs[0]) != 2 || len(inputs[1]) != 2 {
		t.Fatalf("inputs %q, want two of two options", inputs)
	}
	rows := Eval[[][]string](p, `Array.from(document.querySelectorAll("#pod-inputs .lb-whatif-table tbody tr"), function (r) {
		return Array.from(r.cells, function (c) { return c.textContent.replace(/\s+/g, " ").trim() });
	})`)
	if len(rows) != 4 {
		t.Fatalf("the table has %d rows, want 4", len(rows))
	}
	phases := map[string]string{}
	seen := 0
	for i := range inputs[0] {
		for j := range inputs[1] {
			p.clickCentre(fmt.Sprintf("#pod-inputs-in-1-%d", i+1))
			p.clickCentre(fmt.Sprintf("#pod-inputs-in-2-%d", j+1))
			shown := p.Texts("#pod-inputs .lb-whatif-out dd")
			combo := inputs[0][i] + ", " + inputs[1][j]
			for _, r := range rows {
				if r[0] == inputs[0][i] && r[1] == inputs[1][j] {
					seen++
					if !slices.Equal(shown, r[2:]) {
						t.Errorf("%s: shown %q, the engine's table says %q", combo, shown, r[2:])
					}
				}
			}
			if len(shown) > 0 {
				phases[combo] = shown[0]
			}
		}
	}
	if seen != 4 {
		t.Errorf("%d combinations found in the table, want 4", seen)
	}
	for combo, phase := range map[string]string{"fits, passes": "Running", "fits, fails": "Running", "too large, passes": "Pending", "too large, fails": "Pending"} {
		if phases[combo] != phase {
			t.Errorf("%s: phase %q, want %s", combo, phases[combo], phase)
		}
	}
	p.Key(kb.ArrowUp) // the readiness probe back to passes, by keyboard
	if got := p.Texts("#pod-inputs .lb-whatif-out dd"); len(got) < 2 || !strings.Contains(got[1], "PodScheduled=False") {
		t.Errorf("too large, passes by keyboard: %q", got)
	}
	noErrors(t, p)
}

// TestGatesPicker chooses each variant of the gates block: its rail shows
// alone, stopped at the engine's gate with its status code.
func TestGatesPicker(t *testing.T) {
	b := New(t)
	s := buildLessons(t, blocksArchive)
	p := b.Open(t, s.File("blocks/gates.html"))
	variants := []struct{ verdict, stopped, stored string }{
		{"Passed every gate · 201", "", "The object was stored."},
		{"Stopped at authenticate · 401 Unauthorized", "authenticate", "Nothing reached the store."},
		{"Stopped at authorize · 403 Forbidden", "authorize", "Nothing reached the store."},
	}
	check := func(i int) {
		t.Helper()
		v := variants[i]
		if got := shownCases(p, "#create-gates"); !slices.Equal(got, []string{fmt.Sprint(i + 1)}) {
			t.Errorf("variant %d: shown %q", i+1, got)
		}
		c := fmt.Sprintf(`#create-gates-variant-%d`, i+1)
		if got := p.Text(c + " .lb-verdict"); got != v.verdict {
			t.Errorf("variant %d: verdict %q, want %q", i+1, got, v.verdict)
		}
		if got := p.Texts(c + " .lb-rail .is-stopped .lb-stage-name"); strings.Join(got, "") != v.stopped {
			t.Errorf("variant %d: stopped at %q, want %q", i+1, got, v.stopped)
		}
		if got := p.Text(c + " .lb-stored"); got != v.stored {
			t.Errorf("variant %d: %q, want %q", i+1, got, v.stored)
		}
	}
	check(0)
	for i := range variants {
		p.clickCentre(fmt.Sprintf("#create-gates-variant-opt-%d", i+1))
		check(i)
	}
	p.Key(kb.ArrowUp)
	check(1)
	noErrors(t, p)
}
