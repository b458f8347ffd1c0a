package render

import (
	"io"
	"strconv"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// Gates writes a gates block: per variant of the request, the stage rail
// with each stage passed, stopped at or not reached, and the status code
// and message it got. A variant picker shows one variant with JavaScript;
// without it every variant is listed.
func Gates(w io.Writer, g *result.Gates, opts Options) error {
	p := newPrinter(w, 8<<10)
	if g == nil {
		g = &result.Gates{}
	}
	id := opts.blockID(g.ID, "gates")
	outer, inner := opts.heading()
	p.open("section", "class", "lb-block lb-gates", "id", id, "data-lb", "gates", "aria-labelledby", id+"-title")
	p.elem(outer, "Where the request stops", "class", "lb-title", "id", id+"-title")
	if len(g.Variants) > 1 {
		labels := make([]string, len(g.Variants))
		for i := range g.Variants {
			labels[i] = g.Variants[i].Label
		}
		p.picker(id+"-variant", "Variant", labels)
	}
	p.raw(`<div class="lb-cases">`)
	for i := range g.Variants {
		p.variant(g.Stages, &g.Variants[i], id+"-variant-"+strconv.Itoa(i+1), i+1, inner)
	}
	p.raw(`</div>`)
	p.close("section")
	return p.flush(w)
}

// stoppedIndex is the stage a variant stopped at: the one named StoppedAt,
// else the one after those it passed; -1 when it was not stopped.
func stoppedIndex(stages []string, v *result.GateVariant) int {
	if v.StoppedAt == "" {
		return -1
	}
	for i, s := range stages {
		if s == v.StoppedAt {
			return i
		}
	}
	return min(max(v.Passed, 0), len(stages))
}

func (p *printer) variant(stages []string, v *result.GateVariant, id string, n int, inner string) {
	p.open("section", "class", "lb-case lb-variant", "id", id, "data-case", strconv.Itoa(n), "aria-labelledby", id+"-title")
	p.elem(inner, v.Label, "id", id+"-title")
	stop := stoppedIndex(stages, v)
	p.raw(`<ol class="lb-rail">`)
	for i, s := range stages {
		cls, state := "is-passed", "passed"
		switch {
		case i == stop:
			cls, state = "is-stopped", "stopped here"
		case stop >= 0 && i > stop, stop < 0 && i >= v.Passed:
			cls, state = "is-skipped", "not reached"
		}
		current := ""
		if i == stop {
			current = "step"
		}
		p.open("li", "class", cls, "aria-current?", current)
		p.raw(`<span class="lb-stage-num">`)
		p.raw(twoDigits(i + 1))
		p.raw(`</span> <span class="lb-stage-name">`)
		p.text(s)
		p.raw(`</span> <span class="lb-stage-state">`)
		p.raw(state)
		p.raw(`</span></li>`)
	}
	p.raw(`</ol><p class="lb-verdict">`)
	if stop >= 0 {
		p.raw(`Stopped at <strong>`)
		if stop < len(stages) {
			p.text(stages[stop])
		} else {
			p.text(v.StoppedAt)
		}
		p.raw(`</strong>`)
	} else {
		p.raw(`Passed every gate`)
	}
	if v.Code != 0 || v.Reason != "" {
		p.raw(` · <code>`)
		if v.Code != 0 {
			p.int(v.Code)
		}
		if v.Reason != "" {
			if v.Code != 0 {
				p.raw(" ")
			}
			p.text(v.Reason)
		}
		p.raw(`</code>`)
	}
	p.raw(`</p>`)
	if v.Message != "" {
		p.raw(`<pre class="lb-out"><code>`)
		p.text(v.Message)
		p.raw(`</code></pre>`)
	}
	switch {
	case v.Stored && stop >= 0:
		p.raw(`<p class="lb-stored is-failed"><span class="lb-failed-word">Stored anyway:</span> the rejected write reached the store.</p>`)
	case v.Stored:
		p.raw(`<p class="lb-stored">The object was stored.</p>`)
	default:
		p.raw(`<p class="lb-stored">Nothing reached the store.</p>`)
	}
	p.close("section")
}
