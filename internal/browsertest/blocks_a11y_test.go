package browsertest

import (
	"fmt"
	"testing"
)

// blockPages are the pages of the blocks course, one per kind of block,
// each with what a learner does there before axe looks at it: the state
// that JavaScript draws (an arrow, a pinned actor, feedback) is checked
// too.
var blockPages = []struct {
	kind, path string
	act        func(p *Page)
}{
	{"scenario", "blocks/scenario.html", func(p *Page) { p.clickCentre(".lb-next"); p.clickCentre(".lb-next") }},
	{"failures", "blocks/failures.html", func(p *Page) { p.clickCentre("#two-faults-fault-opt-2") }},
	{"whatif", "blocks/whatif.html", func(p *Page) { p.clickCentre("#pod-inputs-in-1-2") }},
	{"gates", "blocks/gates.html", func(p *Page) { p.clickCentre("#create-gates-variant-opt-3") }},
	{"quiz", "blocks/quiz.html", func(p *Page) {
		p.clickCentre("#check-web-q1-1")
		p.clickCentre(`#check-web-q4-map .lb-actor[data-actor="scheduler"]`)
		p.clickCentre("#check-web .lb-check")
	}},
	{"map", "blocks/map.html", func(p *Page) { p.clickCentre(`#whole-map-map .lb-actor[data-actor="scheduler"]`) }},
}

// TestBlocksAccessibility runs axe-core on the page of each kind of block
// in the light and the dark theme, at 1280 and 360 CSS pixels, after a
// learner has used the block: zero violations.
func TestBlocksAccessibility(t *testing.T) {
	b := New(t)
	s := buildLessons(t, blocksArchive)
	for _, scheme := range []string{"light", "dark"} {
		for _, width := range []int64{1280, 360} {
			for _, bp := range blockPages {
				t.Run(fmt.Sprintf("%s/%d/%s", scheme, width, bp.kind), func(t *testing.T) {
					p := b.Open(t, s.File(bp.path))
					// Reduced motion before the resize: a narrower window
					// turns the sidebar into a drawer, which would otherwise
					// slide away over the page for 0.2 s, under act's clicks.
					p.Media("", "prefers-color-scheme="+scheme, "prefers-reduced-motion=reduce")
					// A 360 px wide window rather than a phone: mobile
					// emulation zooms out on anything too wide, and the
					// clicks of act would land off their targets.
					p.Viewport(width, 900, false)
					bp.act(p)
					// From the top, as axe counts a link scrolled half under
					// the sticky header as a target too small to press.
					p.Eval(`scrollTo(0, 0)`)
					for _, v := range p.Axe() {
						t.Errorf("axe: %s", v)
					}
					if w := Eval[float64](p, `document.documentElement.scrollWidth`); w > float64(width) {
						t.Errorf("the page is %.0f px wide at a %d px viewport: it scrolls sideways", w, width)
					}
					noErrors(t, p)
				})
			}
		}
	}
}
