package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// routeMaps are the layouts the routing tests walk: the fixture's (two
// API replicas behind an endpoint, extensions, two Nodes and a Pod with
// none), three stacked replicas with etcd below them, and a crowd of
// extensions between the control plane and the Nodes.
func routeMaps() map[string]*layout {
	replicas := &result.Map{Actors: []result.MapActor{
		{ID: "fault", Label: "fault", Role: result.RoleFault},
		{ID: "apiserver", Label: "kube-apiserver", Role: result.RoleAPIServer},
		{ID: "apiserver-2", Label: "kube-apiserver", Role: result.RoleAPIServer},
		{ID: "apiserver-3", Label: "kube-apiserver", Role: result.RoleAPIServer},
		{ID: "controller-manager", Label: "kube-controller-manager", Role: result.RoleControllerManager},
		{ID: "scheduler", Label: "kube-scheduler", Role: result.RoleScheduler},
		{ID: "etcd", Label: "etcd", Role: result.RoleEtcd},
	}}
	crowd := &result.Map{Actors: []result.MapActor{
		{ID: "alice", Label: "alice", Role: result.RoleClient},
		{ID: "apiserver", Label: "kube-apiserver", Role: result.RoleAPIServer},
		{ID: "etcd", Label: "etcd", Role: result.RoleEtcd},
	}}
	for i := range 7 {
		crowd.Actors = append(crowd.Actors, result.MapActor{ID: fmt.Sprintf("ext-%d", i), Label: fmt.Sprintf("extension %d", i), Role: result.RoleExtension})
	}
	for _, n := range []string{"worker-a", "worker-b", "worker-c"} {
		for _, a := range []result.MapActor{
			{ID: "kubelet/" + n, Label: "kubelet", Role: result.RoleKubelet, Node: n},
			{ID: "runtime/" + n, Label: "container runtime", Role: result.RoleRuntime, Node: n},
			{ID: "proxy/" + n, Label: "kube-proxy", Role: result.RoleProxy, Node: n},
		} {
			replicas.Actors = append(replicas.Actors, a)
			crowd.Actors = append(crowd.Actors, a)
		}
	}
	return map[string]*layout{"fixture": layoutMap(fixtureMap()), "replicas": layoutMap(replicas), "crowd": layoutMap(crowd)}
}

// No route between two boxes passes over a third, and every route starts
// at its first box's outline and ends at its second's.
func TestRoutesKeepOffOtherBoxes(t *testing.T) {
	for name, l := range routeMaps() {
		for a := range l.boxes {
			for b := range l.boxes {
				if a == b {
					continue
				}
				r, ok := l.route(a, b)
				if !ok {
					t.Errorf("%s: no route from %s to %s", name, l.boxes[a].actor.ID, l.boxes[b].actor.ID)
					continue
				}
				what := fmt.Sprintf("%s: route %s → %s %v", name, l.boxes[a].actor.ID, l.boxes[b].actor.ID, r)
				if !onOutline(&l.boxes[a], r[0]) || !onOutline(&l.boxes[b], r[len(r)-1]) {
					t.Errorf("%s does not run from outline to outline", what)
				}
				for i := 1; i < len(r); i++ {
					for c := range l.boxes {
						if c != a && c != b && crosses(grown(&l.boxes[c], 0), r[i-1], r[i]) {
							t.Errorf("%s crosses %s", what, l.boxes[c].actor.ID)
						}
					}
				}
			}
		}
	}
}

// onOutline reports whether p lies on x's outline grown by two units, as
// edge places a route's ends.
func onOutline(x *box, p point) bool {
	return inside(x, p, 4) && !inside(x, p, 0)
}

// A wire that would run through etcd, or through another replica, bends
// around it; one with nothing in its way is straight.
func TestRoutesBendAroundBoxesInTheWay(t *testing.T) {
	l := routeMaps()["replicas"]
	cases := []struct {
		from, to string
		bends    bool
	}{
		{"kubelet/worker-a", "apiserver", true}, // etcd and the other replicas are in the way
		{"fault", "apiserver-2", true},          // the first replica is
		{"apiserver-3", "etcd", false},
		{"controller-manager", "apiserver-2", false},
		{"kubelet/worker-a", "runtime/worker-a", false},
	}
	for _, c := range cases {
		r, ok := l.route(l.byID[c.from], l.byID[c.to])
		if !ok || (len(r) > 2) != c.bends {
			t.Errorf("%s → %s: route %v, want bends %v", c.from, c.to, r, c.bends)
		}
	}
	var wires []string
	for _, w := range l.wires {
		wires = append(wires, fmt.Sprint(len(w.points)))
	}
	if !strings.Contains(strings.Join(wires, " "), "3") && !strings.Contains(strings.Join(wires, " "), "4") {
		t.Errorf("no standing wire bends: %v", wires)
	}
}

// A call's label goes above the middle of its longest stretch, but above
// both boxes for a short sideways hop it would not fit beside, and inside
// the gap, clear of both boxes, for a short drop between stacked boxes
// (replicas to etcd, a kubelet to its runtime).
func TestCallLabelPlaces(t *testing.T) {
	l := routeMaps()["replicas"]
	cm, api := l.byID["controller-manager"], l.byID["apiserver-2"]
	r, _ := l.route(cm, api)
	got := l.labelAt(r, cm, api, "CREATE")
	if top := min(l.boxes[cm].y, l.boxes[api].y); got.y >= top {
		t.Errorf("label of a short sideways hop at %v, want above y=%d", got, top)
	}
	if got.x < r[0].x || got.x > r[1].x {
		t.Errorf("label at x=%d, want over the hop %v", got.x, r)
	}
	for _, hop := range [][2]string{{"apiserver-3", "etcd"}, {"kubelet/worker-a", "runtime/worker-a"}} {
		a, b := l.byID[hop[0]], l.byID[hop[1]]
		r, _ = l.route(a, b)
		got := l.labelAt(r, a, b, "CRI.StartContainer")
		upper, lower := l.boxes[a].y+l.boxes[a].h, l.boxes[b].y
		if got.y-labelHeight+2 < upper || got.y+2 > lower || got.x != (r[0].x+r[1].x)/2 {
			t.Errorf("%s → %s: label at %v, want centred between y=%d and y=%d", hop[0], hop[1], got, upper, lower)
		}
	}
}
