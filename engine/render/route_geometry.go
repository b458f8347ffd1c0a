package render

import "math"

// grown is box x grown by m on every side.
func grown(x *box, m int) rect { return rect{x.x - m, x.y - m, x.x + x.w + m, x.y + x.h + m} }

// inside reports whether p is inside box x grown by m on every side.
func inside(x *box, p point, m int) bool {
	return p.x > x.x-m && p.x < x.x+x.w+m && p.y > x.y-m && p.y < x.y+x.h+m
}

// crosses reports whether the segment from p to q passes through the
// inside of area x (touching its outline does not count), by clipping the
// segment to it (Liang–Barsky) unless their bounding boxes are apart.
func crosses(x rect, p, q point) bool {
	if max(p.x, q.x) <= x.x0 || min(p.x, q.x) >= x.x1 || max(p.y, q.y) <= x.y0 || min(p.y, q.y) >= x.y1 {
		return false
	}
	x0, y0, x1, y1 := float64(x.x0), float64(x.y0), float64(x.x1), float64(x.y1)
	px, py := float64(p.x), float64(p.y)
	dx, dy := float64(q.x-p.x), float64(q.y-p.y)
	lo, hi := 0.0, 1.0
	for _, c := range [4][2]float64{{-dx, px - x0}, {dx, x1 - px}, {-dy, py - y0}, {dy, y1 - py}} {
		den, num := c[0], c[1]
		if den == 0 {
			if num <= 0 {
				return false // parallel to this side and outside it, or on it
			}
			continue
		}
		t := num / den
		if den < 0 {
			lo = max(lo, t)
		} else {
			hi = min(hi, t)
		}
		if lo >= hi {
			return false
		}
	}
	return true
}

func length(p, q point) float64 {
	return math.Hypot(float64(q.x-p.x), float64(q.y-p.y))
}
