package render

import (
	"io"
	"strconv"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// Scenario writes a scenario: its number and title, the question and the
// answer line, the cluster map with playback controls and the "current
// API operation and object fields" panel, the step list, the commands
// with what the API answered, the checked claims and the note.
//
// Without JavaScript the map shows the cluster at the end of the run and
// every step is listed with its own operation, actors (from → to), text
// and object fields. blocks.js plays the steps on the one map: each step's
// actors highlighted, its calls drawn as arrows labelled with their verbs,
// the other actors muted, the actors down at that step drawn broken.
func Scenario(w io.Writer, s *result.Scenario, opts Options) error {
	if s == nil {
		s = &result.Scenario{}
	}
	p := newPrinter(w, 16<<10+len(s.Steps)*2<<10)
	id := opts.blockID(s.ID, "scenario")
	outer, inner := opts.heading()
	p.open("section", "class", "lb-block lb-scenario", "id", id, "data-lb", "scenario", "aria-labelledby", id+"-title")
	p.open(outer, "class", "lb-title", "id", id+"-title")
	if opts.Number > 0 {
		p.raw(`<span class="lb-num">`)
		p.raw(twoDigits(opts.Number))
		p.raw(`</span> · `)
	}
	p.text(s.Title)
	p.close(outer)
	if s.Question != "" {
		p.raw(`<p class="lb-question"><span class="lb-label">Question</span> `)
		p.text(s.Question)
		p.raw(`</p>`)
	}
	if s.Answer != "" {
		p.raw(`<p class="lb-answer"><span class="lb-label">Answer</span> `)
		p.text(s.Answer)
		p.raw(`</p>`)
	}
	var l *layout
	if s.Map != nil && len(s.Map.Actors) > 0 {
		l = layoutMap(s.Map)
	}
	if l != nil && len(s.Steps) > 0 {
		p.stage(s, l, id, inner)
	} else {
		p.mapFigure(s.Map, id+"-map", nil, false)
	}
	if len(s.Steps) > 0 {
		p.steps(s, l, id, inner)
	}
	p.responses(s.Responses, inner)
	p.claims(s.Claims, inner)
	if s.Note != "" {
		p.elem("p", s.Note, "class", "lb-note")
	}
	p.close("section")
	return p.flush(w)
}

// stage writes the map with its playback controls and the operation
// panel.
func (p *printer) stage(s *result.Scenario, l *layout, id, inner string) {
	n := strconv.Itoa(len(s.Steps))
	p.raw(`<div class="lb-stage">`)
	p.open("figure", "class", "lb-map", "id", id+"-map", "data-lb", "map")
	p.raw(`<div class="lb-map-scroll">`)
	p.drawMap(s.Map, l, svgOptions{id: id + "-svg", marks: true, label: "Cluster map of the scenario"})
	p.raw(`</div><figcaption class="lb-map-caption"><span class="lb-nojs">The cluster at the end of the run. Each step below names its actors and operation.</span>`)
	p.open("span", "class", "lb-js lb-now", "id", id+"-now", "aria-live", "polite")
	p.close("span")
	p.raw(`</figcaption>`)
	p.open("div", "class", "lb-js lb-map-panel", "id", id+"-map-panel", "aria-live", "polite")
	p.close("div")
	p.raw(`</figure>`)
	p.open("div", "class", "lb-js lb-player", "role", "group", "aria-label", "Step playback")
	p.raw(`<button type="button" class="lb-btn lb-prev"><span aria-hidden="true">◀</span> Back</button>`)
	p.raw(`<button type="button" class="lb-btn lb-play" aria-pressed="false">Play</button>`)
	p.raw(`<button type="button" class="lb-btn lb-next">Next <span aria-hidden="true">▶</span></button>`)
	p.open("label", "class", "lb-scrub-label", "for", id+"-scrub")
	p.raw(`Step <output class="lb-pos" for="`)
	p.text(id + "-scrub")
	p.raw(`">1 / ` + n + `</output></label>`)
	p.void("input", "type", "range", "class", "lb-scrub", "id", id+"-scrub", "min", "1", "max", n, "step", "1", "value", "1")
	p.open("label", "class", "lb-speed-label", "for", id+"-speed")
	p.raw(`Speed</label>`)
	p.open("select", "class", "lb-speed", "id", id+"-speed")
	p.raw(`<option value="0.5">0.5×</option><option value="1" selected="">1×</option><option value="2">2×</option></select></div>`)
	p.open("div", "class", "lb-js lb-op-panel", "id", id+"-op")
	p.raw(`<` + inner + ` class="lb-sub">Current API operation and object fields</` + inner + `>`)
	p.raw(`<div class="lb-op-body" aria-live="polite"></div></div></div>`)
}
