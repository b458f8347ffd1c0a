package render

import (
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// maxCalls bounds the arrows one step draws.
const maxCalls = 4

// steps writes a scenario's step list. Each item reads on its own — its
// title, operation, actors (from → to), what the author said and the
// object's fields after it — and carries, in data attributes, the map
// state blocks.js draws for it: the acting actors, the broken ones and the
// calls as arrows.
func (p *printer) steps(s *result.Scenario, l *layout, id, inner string) {
	p.elem(inner, "Steps", "class", "lb-sub")
	p.open("ol", "class", "lb-steps", "id", id+"-steps")
	for i := range s.Steps {
		p.step(&s.Steps[i], i+1, s.Start, l, id)
	}
	p.close("ol")
}

func (p *printer) step(st *result.Step, n int, start sim.Time, l *layout, id string) {
	num := twoDigits(n)
	cls := "lb-step"
	if !st.Matched {
		cls += " is-unmatched"
	}
	// The step's actors and calls serve both its data attributes and its
	// static map.
	ids := stepActorIDs(st.Events)
	actors := stepActors(st.Events)
	calls := stepCalls(st.Events, l)
	p.open("li", "class", cls, "id", id+"-step-"+strconv.Itoa(n), "data-step", strconv.Itoa(n),
		"data-actors", ids, "data-broken?", mapIDs(st.Broken), "data-calls?", calls)
	p.raw(`<p class="lb-step-head"><span class="lb-step-num">`)
	p.raw(num)
	p.raw(`</span> <strong class="lb-step-title" data-search="Step">`)
	p.text(st.Title)
	p.raw(`</strong>`)
	op := stepOperation(st.Events)
	if op != "" {
		p.raw(` · <code class="lb-op">`)
		p.text(op)
		p.raw(`</code>`)
	}
	if e := st.First(); e != nil {
		p.raw(` <span class="lb-step-time">+`)
		p.text(sim.Time(e.Time - start).String())
		p.raw(`</span>`)
	}
	p.open("button", "type", "button", "class", "lb-js lb-step-go", "data-step", strconv.Itoa(n))
	p.raw(`Show<span class="visually-hidden"> step `)
	p.raw(num)
	p.raw(` on the map</span></button></p>`)
	if len(actors) > 0 {
		p.raw(`<p class="lb-actorline"><span class="lb-label">Actor</span> `)
		p.text(strings.Join(actors, ", "))
		p.raw(`</p>`)
	}
	if st.Say != "" {
		p.elem("p", st.Say, "class", "lb-say")
	}
	if len(st.Broken) > 0 {
		p.raw(`<p class="lb-broken-line"><span class="lb-label">Down</span> `)
		p.text(strings.Join(st.Broken, ", "))
		p.raw(`</p>`)
	}
	if !st.Matched {
		p.unmatched(st)
	}
	p.stepMap(st, n, l, ids, actors, calls)
	if st.Object != nil {
		p.raw(`<details class="lb-fields"><summary>Object fields after this step: `)
		title := objectTitle(st.Object)
		p.text(title)
		p.raw(`</summary>`)
		p.objectFields(op, title, st.Object, st.Events)
		p.raw(`</details>`)
	}
	p.close("li")
}

// unmatched says that a step found no event, with its pattern and the
// nearest events the run recorded.
func (p *printer) unmatched(st *result.Step) {
	p.raw(`<p class="lb-unmatched"><strong>No event matched</strong> <code>`)
	p.text(st.Pattern)
	p.raw(`</code></p>`)
	if len(st.Nearest) == 0 {
		return
	}
	p.raw(`<p>Nearest recorded events:</p><ul class="lb-evidence">`)
	for i := range st.Nearest {
		p.raw(`<li><code>`)
		p.text(actorLine(&st.Nearest[i]) + " " + operation(&st.Nearest[i]))
		p.raw(`</code></li>`)
	}
	p.raw(`</ul>`)
}

// stepActorIDs lists the map ids of the actors a step's events involve,
// each once, in order, separated by spaces.
func stepActorIDs(events []trace.Event) string {
	var ids []string
	add := func(a trace.Actor) {
		if a == "" {
			return
		}
		id := result.MapID(string(a))
		for _, x := range ids {
			if x == id {
				return
			}
		}
		ids = append(ids, id)
	}
	for i := range events {
		add(events[i].From)
		add(events[i].To)
	}
	return strings.Join(ids, " ")
}

// mapIDs joins the map ids of actors with spaces.
func mapIDs(actors []string) string {
	ids := make([]string, len(actors))
	for i, a := range actors {
		ids[i] = result.MapID(a)
	}
	return strings.Join(ids, " ")
}

// stepCalls encodes the arrows of a step: one per distinct pair of map
// boxes its events join, at most maxCalls, as entries separated by ";",
// in viewBox units: the route's points (two, or more where it bends
// around boxes in its way), where its label goes, and the verb:
// "x1,y1,x2,y2,lx,ly,VERB".
func stepCalls(events []trace.Event, l *layout) string {
	if l == nil {
		return ""
	}
	var b strings.Builder
	var seen [][2]int
	for i := range events {
		e := &events[i]
		if e.To == "" {
			continue
		}
		from, okF := l.byID[result.MapID(string(e.From))]
		to, okT := l.byID[result.MapID(string(e.To))]
		if !okF || !okT || from == to || len(seen) == maxCalls {
			continue
		}
		dup := false
		for _, s := range seen {
			dup = dup || s == [2]int{from, to}
		}
		if dup {
			continue
		}
		seen = append(seen, [2]int{from, to})
		r, ok := l.route(from, to)
		if !ok {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(';')
		}
		verb := e.Verb.String()
		label := l.labelAt(r, from, to, verb)
		for _, pt := range append(r, label) {
			b.WriteString(strconv.Itoa(pt.x))
			b.WriteByte(',')
			b.WriteString(strconv.Itoa(pt.y))
			b.WriteByte(',')
		}
		b.WriteString(verb)
	}
	return b.String()
}
