package render

import (
	"math"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// stepMap writes a small static map of one step for the offline edition:
// every actor in its place as a faint outline, the step's actors drawn
// and named, and its calls as arrows labelled with their verbs. It is
// shown in print.html and when printing (blocks.css); interactive pages
// play the steps on the one map instead. ids, actors and calls are the
// step's stepActorIDs, stepActors and stepCalls.
func (p *printer) stepMap(st *result.Step, n int, l *layout, ids string, actors []string, calls string) {
	if l == nil || len(st.Events) == 0 {
		return
	}
	active := map[int]bool{}
	for id := range strings.FieldsSeq(ids) {
		if i, ok := l.byID[id]; ok {
			active[i] = true
		}
	}
	broken := brokenSet(st.Broken)
	label := "Step " + strconv.Itoa(n) + " on the map: " + strings.Join(actors, ", ")
	p.open("svg", "class", "lb-step-map", "viewBox", "0 0 "+strconv.Itoa(l.w)+" "+strconv.Itoa(l.h),
		"role", "img", "aria-label", label, "xmlns", "http://www.w3.org/2000/svg")
	for i := range l.boxes {
		b := &l.boxes[i]
		cls := "lb-ghost"
		if active[i] {
			cls = "lb-box is-active"
		}
		if broken[b.actor.ID] {
			cls += " is-broken"
		}
		p.rect(cls, b.x, b.y, b.w, b.h, 6)
		if active[i] || broken[b.actor.ID] {
			top := b.y + (b.h-len(b.lines)*lineH)/2
			for k, line := range b.lines {
				p.num(`<text x="`, b.cx())
				p.num(`" y="`, top+(k+1)*lineH-4)
				p.raw(`">`)
				p.text(line)
				p.raw(`</text>`)
			}
		}
	}
	for c := range strings.SplitSeq(calls, ";") {
		p.call(c)
	}
	p.close("svg")
}

// call draws one "x1,y1,x2,y2,VERB" arrow with its head and label.
func (p *printer) call(c string) {
	var f [5]string
	n := 0
	for part := range strings.SplitSeq(c, ",") {
		if n == len(f) {
			return
		}
		f[n] = part
		n++
	}
	if n != len(f) {
		return
	}
	var v [4]int
	for i := range v {
		n, err := strconv.Atoi(f[i])
		if err != nil {
			return
		}
		v[i] = n
	}
	p.line("lb-call", v[0], v[1], v[2], v[3])
	// The head: a triangle 9 units long and 7 wide at the end.
	dx, dy := float64(v[2]-v[0]), float64(v[3]-v[1])
	d := math.Hypot(dx, dy)
	if d == 0 {
		return
	}
	ux, uy := dx/d, dy/d
	bx, by := float64(v[2])-9*ux, float64(v[3])-9*uy
	p.num(`<path class="lb-call-head" d="M`, v[2])
	p.num(" ", v[3])
	p.num("L", round(bx-3.5*uy))
	p.num(" ", round(by+3.5*ux))
	p.num("L", round(bx+3.5*uy))
	p.num(" ", round(by-3.5*ux))
	p.raw(`z" />`)
	p.num(`<text class="lb-call-label" x="`, (v[0]+v[2])/2)
	p.num(`" y="`, (v[1]+v[3])/2-4)
	p.raw(`">`)
	p.text(f[4])
	p.raw(`</text>`)
}
