package render

import (
	"strconv"
	"sync"
)

// A route depends on the layout's geometry alone: the map's size, and each
// box's place and size, whether it stands in a Node's column, and the
// Node it names (see findRoute and shortestClear). The maps of a site
// share a few layouts — one per fixture and cast of actors — so the
// routes found on one are kept for every later layout of the same
// geometry in the process, with the router that found them.
var sharedRoutes = struct {
	sync.Mutex
	byGeometry map[string]*routeTable
}{}

// maxSharedLayouts bounds sharedRoutes: past it (a long serve session's
// edits) the tables start again empty.
const maxSharedLayouts = 256

// routeTable is the routes of one geometry, by the pair of boxes (lower
// index first), and the router the searches share. Its lock is held while
// a route is found, as the router's scratch is reused.
type routeTable struct {
	sync.Mutex
	routes map[[2]int][]point
	router *router
}

// geometry is the key of l's geometry in sharedRoutes.
func (l *layout) geometry() string {
	b := make([]byte, 0, 16+len(l.boxes)*24)
	b = strconv.AppendInt(b, int64(l.w), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(l.h), 10)
	for i := range l.boxes {
		x := &l.boxes[i]
		for _, v := range [4]int{x.x, x.y, x.w, x.h} {
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(v), 10)
		}
		if x.actor.Role.OnNode() {
			b = append(b, '@')
		}
		if x.actor.Node != "" {
			b = strconv.AppendQuote(b, x.actor.Node)
		}
		b = append(b, ';')
	}
	return string(b)
}

// routeTable returns the shared table of l's geometry, made on first use.
func (l *layout) routeTable() *routeTable {
	if l.table != nil {
		return l.table
	}
	key := l.geometry()
	sharedRoutes.Lock()
	defer sharedRoutes.Unlock()
	t := sharedRoutes.byGeometry[key]
	if t == nil {
		if sharedRoutes.byGeometry == nil || len(sharedRoutes.byGeometry) >= maxSharedLayouts {
			sharedRoutes.byGeometry = map[string]*routeTable{}
		}
		t = &routeTable{routes: map[[2]int][]point{}}
		sharedRoutes.byGeometry[key] = t
	}
	l.table = t
	return t
}

// find returns the route between boxes key[0] < key[1] of l, found on
// this geometry before or now.
func (t *routeTable) find(l *layout, key [2]int) []point {
	t.Lock()
	defer t.Unlock()
	if r, ok := t.routes[key]; ok {
		return r
	}
	if t.router == nil {
		t.router = newRouter(l)
	}
	r := l.findRoute(t.router, key[0], key[1])
	t.routes[key] = r
	return r
}
