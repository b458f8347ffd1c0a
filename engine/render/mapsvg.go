package render

import (
	"strconv"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// mapDesc is the map's description for assistive technology, as the
// source course words it.
const mapDesc = "One Kubernetes cluster: clients above, kube-apiserver at the centre, " +
	"etcd behind it, controller manager and scheduler beside it, and kubelets with their runtime, " +
	"service proxy and Pods below, one column per Node."

// svgOptions tell drawMap what state to draw.
type svgOptions struct {
	// id is the svg's id; its title, desc and arrow marker ids extend it.
	id string
	// broken overrides the actors' own Broken flags when not nil.
	broken map[string]bool
	// marks draws the broken marks on every actor, hidden unless the actor
	// is broken, so that blocks.js can break and mend actors.
	marks bool
	// label is the map's accessible name. default: "Cluster map".
	label string
}

// drawMap writes the map's <svg>.
func (p *printer) drawMap(m *result.Map, l *layout, o svgOptions) {
	if o.label == "" {
		o.label = "Cluster map"
	}
	p.open("svg", "class", "lb-map-svg", "id", o.id, "viewBox", "0 0 "+strconv.Itoa(l.w)+" "+strconv.Itoa(l.h),
		"role", "group", "aria-labelledby", o.id+"-title", "aria-describedby", o.id+"-desc",
		"data-arrow", o.id+"-arrow", "xmlns", "http://www.w3.org/2000/svg")
	p.elem("title", o.label, "id", o.id+"-title")
	p.elem("desc", mapDesc, "id", o.id+"-desc")
	p.raw(`<defs><marker id="`)
	p.text(o.id + "-arrow")
	p.raw(`" class="lb-arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" /></marker></defs>`)
	p.raw(`<g class="lb-wires" aria-hidden="true">`)
	for _, s := range l.wires {
		cls := "lb-wire"
		if s.direct {
			cls = "lb-wire lb-direct"
		}
		p.polyline(cls, s.points)
	}
	p.raw(`</g><g class="lb-frames" aria-hidden="true">`)
	for _, f := range l.frames {
		cls := "lb-frame"
		if f.node {
			cls = "lb-frame lb-node-frame"
		}
		p.rect(cls, f.x, f.y, f.w, f.h, 10)
		p.open("text", "class", "lb-frame-label", "x", strconv.Itoa(f.x+10), "y", strconv.Itoa(f.y+16))
		p.text(f.label)
		p.close("text")
	}
	p.raw(`</g><g class="lb-actors">`)
	for i := range l.boxes {
		b := &l.boxes[i]
		broken := b.actor.Broken
		if o.broken != nil {
			broken = o.broken[b.actor.ID]
		}
		p.actor(b, broken, o.marks || broken)
	}
	p.raw(`</g><g class="lb-calls" aria-hidden="true"></g></svg>`)
}

// actor writes one actor's focusable group.
func (p *printer) actor(b *box, broken, marks bool) {
	a := b.actor
	cls := "lb-actor lb-role-" + a.Role.String()
	title := a.Label
	if broken {
		cls += " is-broken"
		title += " (down)"
	}
	p.open("g", "class", cls, "data-actor", a.ID, "data-label", a.Label, "tabindex", "0", "role", "button")
	p.elem("title", title)
	p.raw("<desc>")
	p.inventoryText(&a.Inventory)
	p.raw("</desc>")
	p.boxRect("lb-box", b)
	x2, y2 := b.x+b.w, b.y+b.h
	if marks {
		p.num(`<path class="lb-down" aria-hidden="true" d="M`, b.x+4)
		p.num(" ", b.y+4)
		p.num("L", x2-4)
		p.num(" ", y2-4)
		p.num("M", x2-4)
		p.num(" ", b.y+4)
		p.num("L", b.x+4)
		p.num(" ", y2-4)
		p.raw(`" />`)
	}
	top := b.y + (b.h-len(b.lines)*lineH)/2
	for n, line := range b.lines {
		p.num(`<text x="`, b.cx())
		p.num(`" y="`, top+(n+1)*lineH-4)
		p.raw(`">`)
		p.text(line)
		p.raw(`</text>`)
	}
	if marks {
		p.raw(`<g class="lb-down" aria-hidden="true">`)
		p.rect("lb-down-pill", x2-46, b.y-8, 42, 15, 7)
		p.num(`<text x="`, x2-25)
		p.num(`" y="`, b.y+3)
		p.raw(`">DOWN</text></g>`)
	}
	p.close("g")
}

func (p *printer) rect(cls string, x, y, w, h, r int) {
	p.raw(`<rect class="`)
	p.raw(cls)
	p.rectAttrs(x, y, w, h, r)
}

// rectAttrs writes a <rect>'s attributes after its class, and its end.
func (p *printer) rectAttrs(x, y, w, h, r int) {
	p.num(`" x="`, x)
	p.num(`" y="`, y)
	p.num(`" width="`, w)
	p.num(`" height="`, h)
	p.num(`" rx="`, r)
	p.raw(`" />`)
}

// boxRect writes box b's <rect>, of class cls.
func (p *printer) boxRect(cls string, b *box) {
	p.raw(`<rect class="`)
	p.raw(cls)
	p.b = append(p.b, b.rect...)
}

// polyline writes a line for two points and a polyline for more.
func (p *printer) polyline(cls string, pts []point) {
	if len(pts) == 2 {
		p.line(cls, pts[0].x, pts[0].y, pts[1].x, pts[1].y)
		return
	}
	p.raw(`<polyline class="`)
	p.raw(cls)
	p.raw(`" points="`)
	for i, pt := range pts {
		if i > 0 {
			p.raw(" ")
		}
		p.num("", pt.x)
		p.num(",", pt.y)
	}
	p.raw(`" />`)
}

func (p *printer) line(cls string, x1, y1, x2, y2 int) {
	p.raw(`<line class="`)
	p.raw(cls)
	p.num(`" x1="`, x1)
	p.num(`" y1="`, y1)
	p.num(`" x2="`, x2)
	p.num(`" y2="`, y2)
	p.raw(`" />`)
}

// brokenSet returns ids as a set; nil for none, so that drawMap falls back
// to the actors' own flags only when asked to.
func brokenSet(ids []string) map[string]bool {
	s := make(map[string]bool, len(ids))
	for _, id := range ids {
		s[result.MapID(id)] = true
	}
	return s
}
