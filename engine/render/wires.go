package render

import "github.com/loopbook/loopbook/engine/scenario/result"

// wire draws the map's standing connections, behind the boxes: every API
// client to the endpoint (or the first API server), the endpoint to each
// replica, each replica to etcd, each kubelet to its runtime; then the
// named exceptions the traces showed (m.Direct) that are not drawn yet.
func (l *layout) wire(m *result.Map, g groups) {
	seen := map[[2]int]bool{}
	add := func(a, b int, direct bool) {
		if a == b || a < 0 || b < 0 {
			return
		}
		key := [2]int{min(a, b), max(a, b)}
		if seen[key] {
			return
		}
		seen[key] = true
		if x1, y1, x2, y2, ok := l.clip(a, b); ok {
			l.wires = append(l.wires, segment{x1, y1, x2, y2, direct})
		}
	}
	hub := -1
	switch {
	case len(g.endpoint) > 0:
		hub = g.endpoint[0]
		for _, a := range g.api {
			add(hub, a, false)
		}
	case len(g.api) > 0:
		hub = g.api[0]
	}
	for _, a := range g.api {
		for _, e := range g.etcd {
			add(a, e, false)
		}
	}
	kubelet := map[string]int{}
	for i := range m.Actors {
		a := &m.Actors[i]
		switch a.Role {
		case result.RoleClient, result.RoleControllerManager, result.RoleScheduler, result.RoleExtension, result.RoleProxy:
			add(i, hub, false)
		case result.RoleKubelet:
			add(i, hub, false)
			kubelet[a.Node] = i
		}
	}
	for i := range m.Actors {
		if k, ok := kubelet[m.Actors[i].Node]; ok && m.Actors[i].Role == result.RoleRuntime {
			add(k, i, false)
		}
	}
	for _, e := range m.Direct {
		a, okA := l.byID[result.MapID(e.From)]
		b, okB := l.byID[result.MapID(e.To)]
		if okA && okB {
			add(a, b, true)
		}
	}
}

// clip returns the segment joining boxes a and b, from edge to edge.
func (l *layout) clip(a, b int) (x1, y1, x2, y2 int, ok bool) {
	if a < 0 || b < 0 || a >= len(l.boxes) || b >= len(l.boxes) || a == b {
		return 0, 0, 0, 0, false
	}
	A, B := &l.boxes[a], &l.boxes[b]
	ax, ay, bx, by := A.cx(), A.cy(), B.cx(), B.cy()
	if ax == bx && ay == by {
		return 0, 0, 0, 0, false
	}
	x1, y1 = edge(A, bx-ax, by-ay)
	x2, y2 = edge(B, ax-bx, ay-by)
	return x1, y1, x2, y2, true
}

// edge returns where a ray from b's centre in direction (dx, dy) leaves b,
// two units out.
func edge(b *box, dx, dy int) (int, int) {
	hw, hh := float64(b.w)/2+2, float64(b.h)/2+2
	fx, fy := float64(dx), float64(dy)
	t := 1e9
	if fx != 0 {
		t = min(t, hw/abs(fx))
	}
	if fy != 0 {
		t = min(t, hh/abs(fy))
	}
	return b.cx() + round(fx*t), b.cy() + round(fy*t)
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

func round(f float64) int {
	if f < 0 {
		return -int(-f + 0.5)
	}
	return int(f + 0.5)
}
