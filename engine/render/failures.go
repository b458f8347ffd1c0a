package render

import (
	"io"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// Failures writes a failures explorer: a fault picker; the map, drawn with
// the chosen fault's broken actors; and per fault its outcome table (STOPS,
// CONTINUES, FIRST DETECTOR, API OBJECT CHANGE, REACTING LOOP, WORKLOAD
// TRAFFIC, RECOVERY CONDITION: the lesson's prose beside the engine's
// evidence), the first stalled boundary, the probe's traffic, the recovery,
// the kubectl-style outputs and the checked claims. A "Read all failure
// outcomes" section sums every fault up in prose.
//
// Without JavaScript every fault's section shows and the map shows the
// first fault; blocks.js shows the picked fault's section and redraws the
// map's broken actors from its data-broken attribute.
func Failures(w io.Writer, f *result.Failures, opts Options) error {
	p := newPrinter(w, 8<<10)
	if f == nil {
		f = &result.Failures{}
	}
	id := opts.blockID(f.ID, "failures")
	outer, inner := opts.heading()
	p.open("section", "class", "lb-block lb-failures", "id", id, "data-lb", "failures", "aria-labelledby", id+"-title")
	p.elem(outer, "Break one dependency at a time", "class", "lb-title", "id", id+"-title")
	if f.Baseline != "" {
		p.raw(`<p class="lb-baseline">Each fault starts from the steady state of the scenario <code>`)
		p.text(f.Baseline)
		p.raw(`</code>, then a probe applies a new Deployment and sends traffic.</p>`)
	}
	labels := make([]string, len(f.Cases))
	for i := range f.Cases {
		labels[i] = caseTitle(&f.Cases[i])
	}
	if len(f.Cases) > 1 {
		p.picker(id+"-fault", "Fault", labels)
	}
	var first []string
	if len(f.Cases) > 0 {
		first = f.Cases[0].Broken
	}
	if f.Map != nil && len(f.Map.Actors) > 0 {
		p.open("figure", "class", "lb-map", "id", id+"-map", "data-lb", "map")
		p.raw(`<div class="lb-map-scroll">`)
		p.drawMap(f.Map, layoutMap(f.Map), svgOptions{id: id + "-svg", broken: brokenSet(first), marks: true, label: "Cluster map with the broken part"})
		p.raw(`</div><figcaption class="lb-map-caption">Drawn for: <span class="lb-now">`)
		if len(labels) > 0 {
			p.text(labels[0])
		}
		p.raw(`</span></figcaption>`)
		p.open("div", "class", "lb-js lb-map-panel", "id", id+"-map-panel", "aria-live", "polite")
		p.raw(`</div></figure>`)
	}
	p.raw(`<div class="lb-cases">`)
	for i := range f.Cases {
		p.faultCase(&f.Cases[i], id+"-case-"+strconv.Itoa(i+1), i+1, inner)
	}
	p.raw(`</div>`)
	if len(f.Cases) > 0 {
		p.allOutcomes(f.Cases, inner)
	}
	p.close("section")
	return p.flush(w)
}

// caseTitle is the picker's label of a fault: its title, or the fault as
// written.
func caseTitle(c *result.FaultCase) string {
	if c.Title != "" {
		return c.Title
	}
	return c.Fault
}

func (p *printer) faultCase(c *result.FaultCase, id string, n int, inner string) {
	p.open("section", "class", "lb-case", "id", id, "data-case", strconv.Itoa(n),
		"data-broken", mapIDs(c.Broken), "data-title", caseTitle(c), "aria-labelledby", id+"-title")
	p.open(inner, "id", id+"-title")
	p.text(caseTitle(c))
	if c.Title != "" && c.Fault != "" {
		p.raw(` <code>`)
		p.text(c.Fault)
		p.raw(`</code>`)
	}
	p.close(inner)
	if len(c.Cells) > 0 {
		p.raw(`<div class="lb-table-wrap"><table class="lb-outcome"><thead><tr><th scope="col">boundary</th><th scope="col">lesson</th><th scope="col">engine evidence</th></tr></thead><tbody>`)
		for i := range c.Cells {
			cell := &c.Cells[i]
			p.raw(`<tr><th scope="row">`)
			p.text(cell.Label)
			p.raw(`</th><td>`)
			p.text(cell.Author)
			p.raw(`</td><td>`)
			p.lines(cell.Evidence)
			p.raw(`</td></tr>`)
		}
		p.raw(`</tbody></table></div>`)
	}
	p.raw(`<dl class="lb-facts"><dt>First stalled boundary</dt><dd>`)
	if c.FirstStalled != "" {
		p.elem("code", c.FirstStalled)
	} else {
		p.raw(`none: every baseline event was reached`)
	}
	p.raw(`</dd><dt>Probe traffic</dt><dd>`)
	p.int(c.Served)
	p.raw(` served, `)
	p.int(c.Failed)
	p.raw(` failed</dd><dt>Recovery</dt><dd>`)
	if c.Recovered {
		p.text("back to the steady state " + durationText(c.RecoveryTime) + " after the restore")
	} else {
		p.raw(`<span class="lb-failed-word">not back</span> to the steady state`)
	}
	p.raw(`</dd>`)
	if len(c.Broken) > 0 {
		p.raw(`<dt>Down on the map</dt><dd>`)
		p.text(strings.Join(c.Broken, ", "))
		p.raw(`</dd>`)
	}
	p.raw(`</dl>`)
	for _, cmd := range c.Commands {
		p.raw(`<pre class="lb-cmd"><code><span class="lb-prompt" aria-hidden="true">$ </span>`)
		p.text(cmd.Text)
		p.raw("\n")
		p.text(strings.TrimRight(cmd.Output, "\n"))
		p.raw(`</code></pre>`)
	}
	p.claims(c.Claims, deeper(inner))
	p.close("section")
}

// lines writes evidence lines, one per line; nothing for none.
func (p *printer) lines(ls []string) {
	switch len(ls) {
	case 0:
		return
	case 1:
		p.text(ls[0])
		return
	}
	p.raw(`<ul class="lb-lines">`)
	for _, l := range ls {
		p.elem("li", l)
	}
	p.raw(`</ul>`)
}

// allOutcomes sums every fault up, as the source course's "Read all
// failure outcomes".
func (p *printer) allOutcomes(cases []result.FaultCase, inner string) {
	p.raw(`<details class="lb-all-outcomes"><summary>Read all failure outcomes</summary>`)
	for i := range cases {
		c := &cases[i]
		p.elem(inner, caseTitle(c), "class", "lb-sub")
		p.open("p")
		for j := range c.Cells {
			cell := &c.Cells[j]
			text := cell.Author
			if text == "" {
				text = strings.Join(cell.Evidence, "; ")
			}
			if j > 0 {
				p.raw(" ")
			}
			p.raw(`<strong>`)
			p.text(sentenceLabel(cell.Label))
			p.raw(`:</strong> `)
			p.text(strings.TrimSuffix(text, ".") + ".")
		}
		p.close("p")
	}
	p.raw(`</details>`)
}

// sentenceLabel turns "FIRST DETECTOR" into "First detector"; "API"
// stays a capitalised word ("API object change").
func sentenceLabel(l string) string {
	if l == "" {
		return l
	}
	words := strings.Fields(strings.ToLower(l))
	for i, w := range words {
		if w == "api" {
			words[i] = "API"
		}
	}
	r := []rune(strings.Join(words, " "))
	return strings.ToUpper(string(r[:1])) + string(r[1:])
}
