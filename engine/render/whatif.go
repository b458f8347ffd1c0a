package render

import (
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// Whatif writes a what-if block: a radio group per input and the outcome
// of the chosen combination (blocks.js reads the outcomes from the
// block's JSON data island), then the table of every combination, which
// is what reads without JavaScript and in print.
func Whatif(w io.Writer, wi *result.Whatif, opts Options) error {
	p := newPrinter(w, 8<<10)
	if wi == nil {
		wi = &result.Whatif{}
	}
	id := opts.blockID(wi.ID, "whatif")
	outer, _ := opts.heading()
	p.open("section", "class", "lb-block lb-whatif", "id", id, "data-lb", "whatif", "aria-labelledby", id+"-title")
	p.elem(outer, "What if…", "class", "lb-title", "id", id+"-title")
	if len(wi.Inputs) > 0 && len(wi.Outcomes) > 0 {
		p.raw(`<div class="lb-js lb-whatif-controls">`)
		for i := range wi.Inputs {
			in := &wi.Inputs[i]
			p.raw(`<fieldset class="lb-picker"><legend>`)
			p.text(in.Label)
			p.raw(`</legend>`)
			name := id + "-in-" + strconv.Itoa(i+1)
			for j, o := range in.Options {
				checked := ""
				if j == 0 {
					checked = "checked"
				}
				p.raw(`<label class="lb-choice">`)
				p.void("input", "type", "radio", "name", name, "id", name+"-"+strconv.Itoa(j+1), "value", strconv.Itoa(j), "checked?", checked)
				p.raw(" ")
				p.text(o)
				p.raw(`</label>`)
			}
			p.raw(`</fieldset>`)
		}
		p.open("div", "class", "lb-whatif-out", "id", id+"-out", "aria-live", "polite")
		p.outcome(wi.Show, wi.Outcomes[0].Values)
		p.raw(`</div></div>`)
		p.dataIsland(id+"-data", whatifData(wi))
	}
	p.whatifTable(wi)
	p.close("section")
	return p.flush(w)
}

// outcome writes one combination's outcome as a <dl>, one entry per show
// column.
func (p *printer) outcome(show, values []string) {
	p.raw(`<dl class="lb-facts">`)
	for i, col := range show {
		p.elem("dt", col)
		p.raw(`<dd>`)
		if i < len(values) {
			p.value(col, values[i])
		}
		p.raw(`</dd>`)
	}
	p.raw(`</dl>`)
}

// value writes an outcome value: command output and anything on several
// lines as preformatted text, the rest as text.
func (p *printer) value(col, v string) {
	if preformatted(col, v) {
		p.raw(`<pre class="lb-out"><code>`)
		p.text(v)
		p.raw(`</code></pre>`)
		return
	}
	p.text(v)
}

func preformatted(col, v string) bool {
	return strings.HasPrefix(col, "kubectl") || strings.Contains(v, "\n")
}

func (p *printer) whatifTable(wi *result.Whatif) {
	p.raw(`<div class="lb-table-wrap"><table class="lb-whatif-table"><caption>All `)
	p.int(len(wi.Outcomes))
	p.raw(` combinations</caption><thead><tr>`)
	for i := range wi.Inputs {
		p.elem("th", wi.Inputs[i].Label, "scope", "col")
	}
	for _, col := range wi.Show {
		p.elem("th", col, "scope", "col")
	}
	p.raw(`</tr></thead><tbody>`)
	for k := range wi.Outcomes {
		o := &wi.Outcomes[k]
		p.raw(`<tr>`)
		for i := range wi.Inputs {
			label := ""
			if i < len(o.Choice) && o.Choice[i] >= 0 && o.Choice[i] < len(wi.Inputs[i].Options) {
				label = wi.Inputs[i].Options[o.Choice[i]]
			}
			p.elem("td", label)
		}
		for i, col := range wi.Show {
			p.raw(`<td>`)
			if i < len(o.Values) {
				p.value(col, o.Values[i])
			}
			p.raw(`</td>`)
		}
		p.raw(`</tr>`)
	}
	p.raw(`</tbody></table></div>`)
}

// whatifJSON is what blocks.js reads: the show columns, and per
// combination its choices and values.
type whatifJSON struct {
	Show     []string   `json:"show"`
	Pre      []bool     `json:"pre"`
	Outcomes [][2][]any `json:"outcomes"`
}

func whatifData(wi *result.Whatif) whatifJSON {
	d := whatifJSON{Show: wi.Show, Pre: make([]bool, len(wi.Show)), Outcomes: make([][2][]any, len(wi.Outcomes))}
	for i, col := range wi.Show {
		for _, o := range wi.Outcomes {
			if i < len(o.Values) && preformatted(col, o.Values[i]) {
				d.Pre[i] = true
			}
		}
	}
	for k, o := range wi.Outcomes {
		choice := make([]any, len(o.Choice))
		for i, c := range o.Choice {
			choice[i] = c
		}
		values := make([]any, len(o.Values))
		for i, v := range o.Values {
			values[i] = v
		}
		d.Outcomes[k] = [2][]any{choice, values}
	}
	return d
}

// dataIsland writes v as JSON in a <script type="application/json">;
// encoding/json escapes <, > and &, so the island can neither close its
// element nor read as markup.
func (p *printer) dataIsland(id string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte("null")
	}
	p.open("script", "type", "application/json", "id", id, "class", "lb-data")
	p.b = append(p.b, b...)
	p.close("script")
}
