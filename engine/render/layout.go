package render

import (
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// The map's geometry, in viewBox units. The width is fixed so that labels
// keep one size on every map; a map grows downwards. At 15-unit labels the
// map reads at phone width (the theme lets it scroll below 26rem).
const (
	mapW      = 560
	mapPad    = 8   // outer margin
	frameInX  = 6   // cluster frame's inner margin, sideways
	frameTop  = 24  // room for the cluster frame's caption
	rowGap    = 26  // between rows: room for a call's label
	boxGap    = 12  // between boxes in a row
	callGap   = 20  // between a Node's boxes: room for a call's label
	lineH     = 17  // one label line
	boxPadV   = 12  // a box's vertical padding, both sides together
	colW      = 170 // one Node column
	colGap    = 10
	nodeHead  = 24 // room for a Node column's caption
	nodeInset = 8
	sideColW  = 150 // controller manager and scheduler columns
	apiW      = 180
)

// box is one actor's place on the map.
type box struct {
	x, y, w, h int
	actor      *result.MapActor
	lines      []string // the label, wrapped
	// rect is its <rect>'s attributes after the class, as rect writes
	// them: a scenario draws every box on its map and again on each
	// step's map, from the numbers written once (see writeRects).
	rect []byte
}

func (b *box) cx() int { return b.x + b.w/2 }
func (b *box) cy() int { return b.y + b.h/2 }

// frame is a labelled outline: the cluster, or one Node.
type frame struct {
	x, y, w, h int
	label      string
	node       bool
}

// segment is a decorative line between two boxes: its route's points.
type segment struct {
	points []point
	direct bool // a named exception seen in the traces
}

// layout is a map laid out: every actor once, in the map's order.
type layout struct {
	w, h   int
	boxes  []box
	byID   map[string]int
	frames []frame
	wires  []segment
	// routes caches the paths between boxes (see route); table is the
	// shared table of the layout's geometry (see routeTable).
	routes map[[2]int][]point
	table  *routeTable
}

// groups sorts a map's actors into the places the layout draws.
type groups struct {
	outside, endpoint, api, cm, sched, etcd, ext []int
	nodes                                        []nodeGroup
}

type nodeGroup struct {
	name   string
	actors []int
}

func groupActors(m *result.Map) groups {
	var g groups
	nodeAt := map[string]int{}
	for i := range m.Actors {
		a := &m.Actors[i]
		switch a.Role {
		case result.RoleClient, result.RoleExternal, result.RoleFault:
			g.outside = append(g.outside, i)
		case result.RoleEndpoint:
			g.endpoint = append(g.endpoint, i)
		case result.RoleAPIServer:
			g.api = append(g.api, i)
		case result.RoleEtcd:
			g.etcd = append(g.etcd, i)
		case result.RoleControllerManager:
			g.cm = append(g.cm, i)
		case result.RoleScheduler:
			g.sched = append(g.sched, i)
		case result.RoleKubelet, result.RoleRuntime, result.RoleProxy, result.RolePod:
			n, ok := nodeAt[a.Node]
			if !ok {
				n = len(g.nodes)
				nodeAt[a.Node] = n
				g.nodes = append(g.nodes, nodeGroup{name: a.Node})
			}
			g.nodes[n].actors = append(g.nodes[n].actors, i)
		default:
			g.ext = append(g.ext, i)
		}
	}
	// Unscheduled Pods (no Node) close the row of Node columns.
	if n, ok := nodeAt[""]; ok && n != len(g.nodes)-1 {
		ng := g.nodes[n]
		g.nodes = append(append(g.nodes[:n:n], g.nodes[n+1:]...), ng)
	}
	return g
}

// layoutMap places every actor of m. Its result depends on nothing but the
// order and fields of m's actors.
func layoutMap(m *result.Map) *layout {
	l := &layout{w: mapW, byID: make(map[string]int, len(m.Actors))}
	l.boxes = make([]box, len(m.Actors))
	for i := range m.Actors {
		l.boxes[i].actor = &m.Actors[i]
	}
	g := groupActors(m)
	y := mapPad
	if len(g.outside) > 0 {
		y = l.row(g.outside, y, mapPad, mapW-2*mapPad, 80, 170) + rowGap
	}
	if len(g.outside) < len(m.Actors) {
		y = l.cluster(g, y)
	}
	l.h = y - rowGap + mapPad
	l.writeRects()
	for i := range l.boxes {
		if _, dup := l.byID[l.boxes[i].actor.ID]; !dup {
			l.byID[l.boxes[i].actor.ID] = i
		}
	}
	l.wire(m, g)
	return l
}

// writeRects writes the boxes' rect attributes, placed, into one buffer.
func (l *layout) writeRects() {
	// About 50 bytes a box: `" x="14" y="40" width="150" …`.
	p := printer{b: make([]byte, 0, 56*len(l.boxes))}
	for i := range l.boxes {
		b := &l.boxes[i]
		from := len(p.b)
		p.rectAttrs(b.x, b.y, b.w, b.h, 6)
		b.rect = p.b[from:len(p.b):len(p.b)]
	}
}

// cluster places everything inside the cluster frame, from y, and returns
// where the next row would start.
func (l *layout) cluster(g groups, y int) int {
	top := y
	y += frameTop
	inX, inW := mapPad+frameInX, mapW-2*mapPad-2*frameInX
	if len(g.endpoint) > 0 {
		y = l.row(g.endpoint, y, inX, inW, 220, 220) + rowGap
	}
	if len(g.api)+len(g.cm)+len(g.sched) > 0 {
		y = l.control(g, y, inX, inW) + rowGap
	}
	if len(g.etcd) > 0 {
		y = l.row(g.etcd, y, inX, inW, 120, 180) + rowGap
	}
	if len(g.ext) > 0 {
		y = l.row(g.ext, y, inX, inW, 100, 170) + rowGap
	}
	if len(g.nodes) > 0 {
		y = l.nodeColumns(g.nodes, y, inX, inW) + rowGap
	}
	bottom := y - rowGap + frameInX
	l.frames = append([]frame{{x: mapPad, y: top, w: mapW - 2*mapPad, h: bottom - top, label: "cluster"}}, l.frames...)
	return bottom + rowGap
}

// size fixes a box's width (its label's, within [minW, maxW]), lines and
// height.
func (l *layout) size(i, minW, maxW int) {
	b := &l.boxes[i]
	// Estimated character widths, in half units: 15-unit labels, and
	// 13-unit ones for Pods, whose generated names are long.
	cw := 16
	if b.actor.Role == result.RolePod {
		cw = 14
	}
	w := len([]rune(b.actor.Label))*cw/2 + 20
	b.w = max(minW, min(maxW, w))
	b.lines = wrapLabel(b.actor.Label, (b.w-12)*2/cw)
	b.h = boxPadV + len(b.lines)*lineH
}

// row places boxes side by side, centred in [x, x+w), wrapping to new rows
// as needed, and returns the bottom of the last row.
func (l *layout) row(idx []int, y, x, w, minW, maxW int) int {
	for _, i := range idx {
		l.size(i, minW, maxW)
	}
	for start := 0; start < len(idx); {
		end, used := start, 0
		for end < len(idx) {
			bw := l.boxes[idx[end]].w
			if end > start && used+boxGap+bw > w {
				break
			}
			if end > start {
				used += boxGap
			}
			used += bw
			end++
		}
		h := 0
		for _, i := range idx[start:end] {
			h = max(h, l.boxes[i].h)
		}
		bx := x + (w-used)/2
		for _, i := range idx[start:end] {
			b := &l.boxes[i]
			b.x, b.y, b.h = bx, y, h
			bx += b.w + boxGap
		}
		y += h
		start = end
		if start < len(idx) {
			y += boxGap
		}
	}
	return y
}

// stack places boxes one above the other, all of width w, from y.
func (l *layout) stack(idx []int, x, y, w, gap int) int {
	for n, i := range idx {
		l.size(i, w, w)
		b := &l.boxes[i]
		b.x, b.y = x, y
		y += b.h
		if n < len(idx)-1 {
			y += gap
		}
	}
	return y
}

// control places the API server replicas in the centre, the controller
// managers to their left and the schedulers to their right, each column
// centred on the row's height.
func (l *layout) control(g groups, y, x, w int) int {
	cols := []struct {
		idx  []int
		x, w int
	}{
		{g.cm, x, sideColW},
		{g.api, x + (w-apiW)/2, apiW},
		{g.sched, x + w - sideColW, sideColW},
	}
	heights := make([]int, len(cols))
	bottom := y
	for c, col := range cols {
		heights[c] = l.stack(col.idx, col.x, y, col.w, boxGap/2) - y
		bottom = max(bottom, y+heights[c])
	}
	for c, col := range cols {
		shift := (bottom - y - heights[c]) / 2
		for _, i := range col.idx {
			l.boxes[i].y += shift
		}
	}
	return bottom
}

// nodeColumns draws one column per Node (kubelet, runtime, proxy, Pods,
// in the map's order), as many side by side as fit, and returns the bottom
// of the last row of columns.
func (l *layout) nodeColumns(nodes []nodeGroup, y, x, w int) int {
	perRow := max(1, (w+colGap)/(colW+colGap))
	for start := 0; start < len(nodes); start += perRow {
		end := min(start+perRow, len(nodes))
		n := end - start
		cx := x + (w-(n*colW+(n-1)*colGap))/2
		bottom := y
		for _, ng := range nodes[start:end] {
			inner := l.stack(ng.actors, cx+nodeInset, y+nodeHead, colW-2*nodeInset, callGap)
			bottom = max(bottom, inner+nodeInset)
			label := "Node " + ng.name
			if ng.name == "" {
				label = "no Node yet"
			}
			l.frames = append(l.frames, frame{x: cx, y: y, w: colW, label: label, node: true})
			cx += colW + colGap
		}
		for f := len(l.frames) - n; f < len(l.frames); f++ {
			l.frames[f].h = bottom - y
		}
		y = bottom
		if end < len(nodes) {
			y += rowGap
		}
	}
	return y
}
