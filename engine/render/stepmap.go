package render

import (
	"math"
	"slices"
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
	// A step has a few actors: their boxes are listed, not hashed.
	var buf [8]int
	active := buf[:0]
	for id := range strings.FieldsSeq(ids) {
		if i, ok := l.byID[id]; ok {
			active = append(active, i)
		}
	}
	broken := brokenSet(st.Broken)
	label := "Step " + strconv.Itoa(n) + " on the map: " + strings.Join(actors, ", ")
	p.open("svg", "class", "lb-step-map", "viewBox", "0 0 "+strconv.Itoa(l.w)+" "+strconv.Itoa(l.h),
		"role", "img", "aria-label", label, "xmlns", "http://www.w3.org/2000/svg")
	for i := range l.boxes {
		b := &l.boxes[i]
		on := slices.Contains(active, i)
		cls := "lb-ghost"
		if on {
			cls = "lb-box is-active"
		}
		if broken[b.actor.ID] {
			cls += " is-broken"
		}
		p.boxRect(cls, b)
		if on || broken[b.actor.ID] {
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

// call draws one arrow of stepCalls ("x1,y1,…,xn,yn,lx,ly,VERB"): its
// route, a head at the end and the verb at the label's place.
func (p *printer) call(c string) {
	f := strings.Split(c, ",")
	if len(f) < 7 || len(f)%2 == 0 {
		return
	}
	nums := make([]int, len(f)-1)
	for i := range nums {
		n, err := strconv.Atoi(f[i])
		if err != nil {
			return
		}
		nums[i] = n
	}
	pts := make([]point, 0, len(nums)/2-1)
	for i := 0; i+3 < len(nums); i += 2 {
		pts = append(pts, point{nums[i], nums[i+1]})
	}
	label := point{nums[len(nums)-2], nums[len(nums)-1]}
	p.polyline("lb-call", pts)
	// The head: a triangle 9 units long and 7 wide at the end.
	a, b := pts[len(pts)-2], pts[len(pts)-1]
	dx, dy := float64(b.x-a.x), float64(b.y-a.y)
	d := math.Hypot(dx, dy)
	if d == 0 {
		return
	}
	ux, uy := dx/d, dy/d
	bx, by := float64(b.x)-9*ux, float64(b.y)-9*uy
	p.num(`<path class="lb-call-head" d="M`, b.x)
	p.num(" ", b.y)
	p.num("L", round(bx-3.5*uy))
	p.num(" ", round(by+3.5*ux))
	p.num("L", round(bx+3.5*uy))
	p.num(" ", round(by-3.5*ux))
	p.raw(`z" />`)
	p.num(`<text class="lb-call-label" x="`, label.x)
	p.num(`" y="`, label.y)
	p.raw(`">`)
	p.text(f[len(f)-1])
	p.raw(`</text>`)
}
