package render

import (
	"slices"
)

// Routing keeps a connection off the boxes it does not join: a wire from a
// kubelet to the API server must not seem to run into etcd, nor a call to
// the second API replica cross the first. A connection is straight when
// nothing is in its way; otherwise it bends around the boxes, through
// points just outside their corners (or beside the middle of an end's
// side), on the shortest such path.
const (
	// bendGap is how far outside a box a bend passes: far enough that the
	// wire is plainly not joined to the box.
	bendGap = 12
	// nodeBendGap is bendGap for the boxes in a Node's column: less than
	// the column's inset, so that a wire runs down the column's side,
	// inside its frame, which hides it.
	nodeBendGap = nodeInset - 3
	// keepOff is how near a box a straight stretch may pass: less than
	// either gap, so that a bend is never too near the box it turns
	// around.
	keepOff = 3
	// detour is how far beyond the rectangle of a connection's two ends a
	// search first looks for bends; only when no path is found that way
	// does it look everywhere.
	detour = 60
)

// gap is how far outside box x a bend passes.
func gap(x *box) int {
	if x.actor.Role.OnNode() {
		return nodeBendGap
	}
	return bendGap
}

// point is a place on the map, in viewBox units.
type point struct{ x, y int }

// route returns the path of a connection from box a to box b, from edge
// to edge: two points when it is straight, more when it bends. The path
// from b to a is the same one backwards. It caches what it finds, as a
// step's calls join the same pairs again and again, and the layouts of
// one geometry share what they find (see routeTable). A route is shared:
// its points are never changed.
func (l *layout) route(a, b int) ([]point, bool) {
	if a < 0 || b < 0 || a >= len(l.boxes) || b >= len(l.boxes) || a == b {
		return nil, false
	}
	key := [2]int{min(a, b), max(a, b)}
	r, ok := l.routes[key]
	if !ok {
		r = l.routeTable().find(l, key)
		if l.routes == nil {
			l.routes = map[[2]int][]point{}
		}
		l.routes[key] = r
	}
	if r == nil {
		return nil, false
	}
	if a > b {
		r = slices.Clone(r)
		slices.Reverse(r)
	}
	return r, true
}

// findRoute computes route's answer: the shortest path from a's centre to
// b's centre whose stretches keep clear of every other box, through the
// candidate bends; clipped to the two boxes' edges. With no clear path it
// is the straight line. r is the router of l's geometry (see
// routeTable.find).
func (l *layout) findRoute(r *router, a, b int) []point {
	A, B := &l.boxes[a], &l.boxes[b]
	from, to := point{A.cx(), A.cy()}, point{B.cx(), B.cy()}
	if from == to {
		return nil
	}
	path := []point{from, to}
	if !r.clear(from, to, a, b) {
		if p := l.shortestClear(r, from, to, a, b); p != nil {
			path = p
		}
	}
	out := make([]point, len(path))
	copy(out, path)
	out[0].x, out[0].y = edge(A, path[1].x-from.x, path[1].y-from.y)
	n := len(path) - 1
	out[n].x, out[n].y = edge(B, path[n-1].x-to.x, path[n-1].y-to.y)
	return out
}

// router holds what the routes of one layout share: the bends beside
// the boxes' corners, and which pairs of them see each other past every
// box, learnt as the searches ask.
type router struct {
	corners []point
	owner   []int // the box each corner is beside
	// seen caches corner-to-corner visibility, by i*len(corners)+j: 0 not
	// asked yet, 1 clear, 2 blocked.
	seen []uint8
	// areas are the boxes grown by keepOff: what a straight stretch must
	// not pass through.
	areas []rect
	// Scratch for the searches, reused: the points, the corners' indices.
	pts        []point
	ids        []int
	dist, f    []float64
	prev       []int
	open, done []bool
}

// rect is an area of the map: from x0, y0 to x1, y1.
type rect struct{ x0, y0, x1, y1 int }

// clear reports whether the stretch from p to q keeps off every box but a
// and b (-1 for none).
func (r *router) clear(p, q point, a, b int) bool {
	for i := range r.areas {
		if i != a && i != b && crosses(r.areas[i], p, q) {
			return false
		}
	}
	return true
}

// newRouter finds the corner bends of l: just outside each box's corners,
// on the map and not too near any box.
func newRouter(l *layout) *router {
	r := &router{areas: make([]rect, len(l.boxes))}
	for i := range l.boxes {
		r.areas[i] = grown(&l.boxes[i], keepOff)
	}
	for i := range l.boxes {
		x := &l.boxes[i]
		g := gap(x)
		l0, t0, r0, b0 := x.x-g, x.y-g, x.x+x.w+g, x.y+x.h+g
		for _, p := range [4]point{{l0, t0}, {r0, t0}, {l0, b0}, {r0, b0}} {
			if l.free(p, -1, -1) {
				r.corners = append(r.corners, p)
				r.owner = append(r.owner, i)
			}
		}
	}
	r.seen = make([]uint8, len(r.corners)*len(r.corners))
	return r
}

// free reports whether p is on the map and not too near any box but a
// and b (-1 for none).
func (l *layout) free(p point, a, b int) bool {
	if p.x < 0 || p.y < 0 || p.x > l.w || p.y > l.h {
		return false
	}
	for i := range l.boxes {
		if i != a && i != b && inside(&l.boxes[i], p, keepOff) {
			return false
		}
	}
	return true
}
