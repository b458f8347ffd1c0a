package render

import "math"

// shortestClear runs A* from from (a's centre) to to (b's centre) over
// the bends: the corners, and points beside the middle of each side of a
// and b, so that a path can come in sideways to a box in a stack. Two
// points are joined when the stretch between them is clear: of every box
// but a for the first stretch, but b for the last. It returns nil when to
// cannot be reached.
func (l *layout) shortestClear(r *router, from, to point, a, b int) []point {
	pts := append(r.pts[:0], from, to)
	for _, i := range [2]int{a, b} {
		x := &l.boxes[i]
		g := gap(x)
		for _, p := range [4]point{{x.x - g, x.cy()}, {x.x + x.w + g, x.cy()}, {x.cx(), x.y - g}, {x.cx(), x.y + x.h + g}} {
			if l.free(p, a, b) {
				pts = append(pts, p)
			}
		}
	}
	// The corners start at first: those near the way from from to to,
	// and all of them when no path goes through those alone. Inside a
	// Node's column only a path to or from a box of that column turns.
	first := len(pts)
	near := r.ids[:0]
	nodeA, nodeB := l.boxes[a].actor.Node, l.boxes[b].actor.Node
	for _, margin := range [2]int{detour, l.w + l.h} {
		near, pts = near[:0], pts[:first]
		x0, x1 := min(from.x, to.x)-margin, max(from.x, to.x)+margin
		y0, y1 := min(from.y, to.y)-margin, max(from.y, to.y)+margin
		for i, c := range r.corners {
			if x := l.boxes[r.owner[i]].actor; x.Role.OnNode() && x.Node != nodeA && x.Node != nodeB {
				continue
			}
			if c.x >= x0 && c.x <= x1 && c.y >= y0 && c.y <= y1 {
				near = append(near, i)
				pts = append(pts, c)
			}
		}
		r.pts, r.ids = pts, near
		if path := r.search(from, to, a, b, first); path != nil || len(near) == len(r.corners) {
			return path
		}
	}
	return nil
}

// search is shortestClear's A* over r.pts, whose corners, from first on,
// are r.ids.
func (r *router) search(from, to point, a, b, first int) []point {
	pts := r.pts
	n := len(pts)
	r.dist, r.f, r.prev = resize(r.dist, n), resize(r.f, n), resize(r.prev, n)
	r.open, r.done = resize(r.open, n), resize(r.done, n)
	for i := range n {
		r.dist[i], r.f[i], r.prev[i], r.open[i], r.done[i] = math.Inf(1), math.Inf(1), -1, false, false
	}
	const start, goal = 0, 1
	r.dist[start], r.f[start], r.open[start] = 0, length(from, to), true
	nc := len(r.corners)
	for {
		// The open point with the least estimate, the lowest index on a tie.
		cur := -1
		for i := range n {
			if r.open[i] && (cur < 0 || r.f[i] < r.f[cur]) {
				cur = i
			}
		}
		if cur < 0 || cur == goal {
			break
		}
		r.open[cur], r.done[cur] = false, true
		for next := range n {
			if r.done[next] {
				continue
			}
			d := r.dist[cur] + length(pts[cur], pts[next])
			if d >= r.dist[next] {
				continue
			}
			var ok bool
			if cur >= first && next >= first {
				c, e := r.ids[cur-first], r.ids[next-first]
				k := c*nc + e
				if r.seen[k] == 0 {
					r.seen[k] = 2
					if r.clear(pts[cur], pts[next], -1, -1) {
						r.seen[k] = 1
					}
					r.seen[e*nc+c] = r.seen[k]
				}
				ok = r.seen[k] == 1
			} else {
				// Only the first stretch may cross a, and the last b: their
				// centres are the path's ends.
				skipA, skipB := -1, -1
				if cur == start {
					skipA = a
				}
				if next == goal {
					skipB = b
				}
				ok = r.clear(pts[cur], pts[next], skipA, skipB)
			}
			if !ok {
				continue
			}
			r.dist[next], r.prev[next] = d, cur
			r.f[next], r.open[next] = d+length(pts[next], to), true
		}
	}
	if r.prev[goal] < 0 {
		return nil
	}
	var rev []point
	for i := goal; i >= 0; i = r.prev[i] {
		rev = append(rev, pts[i])
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// resize returns s with length n, reusing its array when it is long
// enough.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}
