package render

import "github.com/loopbook/loopbook/engine/scenario/result"

// wire draws the map's standing connections, behind the boxes: every API
// client to the endpoint (or the first API server), each Node's column
// (its kubelet and proxy) likewise, the endpoint to each replica, each
// replica to etcd, each kubelet to its runtime; then the named exceptions
// the traces showed (m.Direct) that are not drawn yet.
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
		if r, ok := l.route(a, b); ok {
			l.wires = append(l.wires, segment{r, direct})
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
	wired := map[string]bool{} // the Nodes whose column has its wire
	for i := range m.Actors {
		a := &m.Actors[i]
		switch a.Role {
		case result.RoleClient, result.RoleControllerManager, result.RoleScheduler, result.RoleExtension:
			add(i, hub, false)
		case result.RoleKubelet, result.RoleProxy:
			// One wire per Node, to the top of its column: the kubelet's
			// and the proxy's connections run together, and inside the
			// column's frame they would be hidden anyway.
			if !wired[a.Node] {
				wired[a.Node] = true
				add(l.columnTop(a.Node), hub, false)
			}
			if a.Role == result.RoleKubelet {
				kubelet[a.Node] = i
			}
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

// columnTop returns the topmost box of the column of Node node.
func (l *layout) columnTop(node string) int {
	top := -1
	for i := range l.boxes {
		b := &l.boxes[i]
		if b.actor.Node == node && b.actor.Role.OnNode() && (top < 0 || b.y < l.boxes[top].y) {
			top = i
		}
	}
	return top
}
