package browsertest

import (
	"fmt"
	"slices"
	"testing"
)

// visibleCount returns how many elements sel selects are visible.
func visibleCount(p *Page, sel string) int {
	return Eval[int](p, `Array.from(document.querySelectorAll(`+jsString(sel)+`)).filter(function (e) { return e.checkVisibility({visibilityProperty: true}) }).length`)
}

// all stands for every element a selector selects.
const all = -1

// TestBlocksWithoutJavaScript opens every block's page with JavaScript
// disabled: every step, fault, combination, variant and answer is there
// to read, and no control that needs a script shows.
func TestBlocksWithoutJavaScript(t *testing.T) {
	b := New(t)
	s := buildLessons(t, blocksArchive)
	for _, tc := range []struct {
		page   string
		counts map[string]int // visible elements per selector; all: every one of them
	}{
		{"blocks/scenario.html", map[string]int{
			".lb-step": 6, ".lb-step .lb-step-title": 6, ".lb-step .lb-op": 6, ".lb-step .lb-actorline": 6,
			".lb-step .lb-say": 6, ".lb-step .lb-fields > summary": 6, ".lb-map-caption .lb-nojs": 1,
			".lb-player": 0, ".lb-op-panel": 0, ".lb-step-go": 0, ".lb-map-panel": 0,
		}},
		{"blocks/failures.html", map[string]int{
			".lb-case": 2, ".lb-case .lb-outcome": 2, ".lb-case .lb-cmd": 2, ".lb-case .lb-claims": 2,
			".lb-all-outcomes > summary": 1, ".lb-picker": 0,
		}},
		{"blocks/whatif.html", map[string]int{
			".lb-whatif-table tbody tr": 4, ".lb-whatif-table .lb-out": 4, ".lb-whatif-controls": 0,
		}},
		{"blocks/gates.html", map[string]int{
			".lb-case": 3, ".lb-case .lb-rail": 3, ".lb-case .lb-verdict": 3, ".lb-picker": 0,
		}},
		{"blocks/quiz.html", map[string]int{
			".lb-question legend": 4, ".lb-question input": 8, ".lb-answer > summary": 4, ".lb-pick .lb-actor": all,
			".lb-check": 0, ".lb-feedback": 0, ".lb-picked": 0,
		}},
		{"blocks/map.html", map[string]int{
			".lb-inv-entry": all, ".lb-map-panel": 0, ".lb-map-hint": 0,
		}},
	} {
		t.Run(tc.page, func(t *testing.T) {
			p := b.openWithoutScripts(t, s.File(tc.page))
			if p.Eval(`document.documentElement.className`) != "" {
				t.Fatal("scripts ran: <html> has a class")
			}
			for sel, want := range tc.counts {
				if want == all {
					if want = p.Count(sel); want == 0 {
						t.Errorf("no %s", sel)
					}
				}
				if got := visibleCount(p, sel); got != want {
					t.Errorf("%d visible %s, want %d", got, sel, want)
				}
			}
			noErrors(t, p)
		})
	}

	t.Run("quiz answers", func(t *testing.T) {
		p := b.openWithoutScripts(t, s.File("blocks/quiz.html"))
		p.Media("", "prefers-reduced-motion=reduce") // no smooth scrolling under the click
		want := []string{"Myth.", "the scheduler", "the Deployment controller; the ReplicaSet controller", "kube-scheduler"}
		var got []string
		for i := range want {
			q := fmt.Sprintf("#check-web-q%d", i+1)
			if p.visible(q + " .lb-answer-line") {
				t.Errorf("%s: the answer shows before it is asked for", q)
			}
			p.Click(q + " .lb-answer > summary") // clickCentre waits on timers, which do not run here
			if !p.visible(q+" .lb-explain") || !p.visible(q+" .lb-proof") {
				t.Errorf("%s: the explanation or the proof does not show", q)
			}
			got = append(got, p.Text(q+" .lb-answer-line"))
		}
		if !slices.Equal(got, want) {
			t.Errorf("answers %q, want %q", got, want)
		}
	})
}
