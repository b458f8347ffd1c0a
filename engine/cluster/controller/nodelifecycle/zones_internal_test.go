package nodelifecycle

import (
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

func TestComputeZoneState(t *testing.T) {
	c := &Controller{conf: Config{UnhealthyZoneThreshold: DefaultUnhealthyZoneThreshold}}
	cases := []struct {
		name            string
		ready, notReady int
		want            zoneState
	}{
		{"all ready", 3, 0, stateNormal},
		{"none ready", 0, 2, stateFullDisruption},
		{"two of three not ready: not more than two", 1, 2, stateNormal},
		{"three of four not ready: 75% >= 55%", 1, 3, statePartialDisruption},
		{"three of six not ready: 50% < 55%", 3, 3, stateNormal},
		{"no Nodes", 0, 0, stateNormal},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var n zoneCount
			for range tc.ready {
				n = n.add(&nodeCond{status: condTrue})
			}
			for range tc.notReady {
				n = n.add(&nodeCond{status: condUnknown})
			}
			if n, st := c.computeZoneState(n); st != tc.want || n != tc.notReady {
				t.Errorf("got %d %s, want %d %s", n, st, tc.notReady, tc.want)
			}
		})
	}
}

func TestZoneCountAdd(t *testing.T) {
	cases := []struct {
		name string
		cond *nodeCond
		want zoneCount
	}{
		{"Ready", &nodeCond{status: condTrue}, zoneCount{ready: 1}},
		{"not Ready", &nodeCond{status: condFalse}, zoneCount{notReady: 1}},
		{"Unknown", &nodeCond{status: condUnknown}, zoneCount{notReady: 1}},
		{"no Ready condition", nil, zoneCount{notReady: 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := (zoneCount{}).add(tc.cond); got != tc.want || got.size() != 1 {
				t.Errorf("%+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestZoneKey(t *testing.T) {
	cases := []struct {
		name   string
		labels map[string]string
		want   string
	}{
		{"none", nil, ""},
		{"GA zone", map[string]string{"topology.kubernetes.io/zone": "a"}, ":\x00:a"},
		{"beta wins", map[string]string{"topology.kubernetes.io/zone": "a", "failure-domain.beta.kubernetes.io/zone": "b"}, ":\x00:b"},
		{"region and zone", map[string]string{"topology.kubernetes.io/region": "eu", "topology.kubernetes.io/zone": "eu-1"}, "eu:\x00:eu-1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n := object.New("v1", "Node")
			n.Meta.Labels = tc.labels
			if got := zoneKey(n); got != tc.want {
				t.Errorf("%q, want %q", got, tc.want)
			}
		})
	}
}

func TestTimedQueueRate(t *testing.T) {
	q := newTimedQueue(DefaultEvictionRate, 0)
	for _, n := range []string{"n1", "n2", "n3"} {
		q.add(n, "", 0)
	}
	var released []string
	for tick := sim.Time(0); tick <= sim.Time(25*time.Second); tick += sim.Time(100 * time.Millisecond) {
		q.try(tick, func(v timedValue) (bool, time.Duration) {
			released = append(released, v.value+"@"+tick.String())
			return true, 0
		})
	}
	want := []string{"n1@0.000s", "n2@10.000s", "n3@20.000s"}
	if len(released) != 3 || released[0] != want[0] || released[1] != want[1] || released[2] != want[2] {
		t.Errorf("released %v, want %v", released, want)
	}
	if q.add("n1", "", 0) {
		t.Error("a processed Node was queued again before remove")
	}
	q.remove("n1")
	if !q.add("n1", "", 0) {
		t.Error("a removed Node could not be queued again")
	}
	q.swapLimiter(0, 0)
	released = nil
	q.try(sim.Time(time.Hour), func(v timedValue) (bool, time.Duration) { released = append(released, v.value); return true, 0 })
	if len(released) != 0 {
		t.Errorf("a zero rate released %v", released)
	}
}

// TestZoneOfFollowsNewStates checks the cached zone key against the
// Node's labels: a new state of a Node (a new object) is read again, a
// copy not cached is read directly, and the same object is served from the
// cache.
func TestZoneOfFollowsNewStates(t *testing.T) {
	node := func(labels map[string]string) *object.Object {
		n := object.New("v1", "Node")
		n.Meta.Name = "n1"
		n.Meta.Labels = labels
		return n
	}
	zoneA := node(map[string]string{"topology.kubernetes.io/zone": "a"})
	zoneB := node(map[string]string{"topology.kubernetes.io/zone": "b"})
	excluded := node(map[string]string{"topology.kubernetes.io/zone": "b", labelExcludeDisruption: ""})
	cases := []struct {
		name         string
		read, lookup *object.Object // read caches read; lookup is asked for
		wantZone     string
		wantExcluded bool
	}{
		{"cached object", zoneA, zoneA, ":\x00:a", false},
		{"new state, zone label changed", zoneB, zoneB, ":\x00:b", false},
		{"object not cached: read directly", zoneA, zoneB, ":\x00:b", false},
		{"exclusion label added", excluded, excluded, ":\x00:b", true},
		{"exclusion label gone, object not cached", excluded, zoneA, ":\x00:a", false},
	}
	c := &Controller{ready: map[string]nodeRead{}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.read(tc.read)
			if got := c.zoneOf(tc.lookup); got != tc.wantZone {
				t.Errorf("zone %q, want %q", got, tc.wantZone)
			}
			if got := c.excluded(tc.lookup); got != tc.wantExcluded {
				t.Errorf("excluded %v, want %v", got, tc.wantExcluded)
			}
		})
	}
}

// TestPruneZonesListsWhatIsLeft checks pruneZones against the plain loop
// it replaces, which walked the sorted zones, deleting and breaking as
// pruneZones does, and left the loops after it to list the zones again:
// the states left, allWereFull and the zones returned must be what that
// loop and a fresh listing give, over every mix of zones present or gone
// and in full disruption or not.
func TestPruneZonesListsWhatIsLeft(t *testing.T) {
	names := []string{"a", "b", "c", "d"}
	states := []zoneState{stateNormal, stateFullDisruption}
	// Each zone is absent, present in zoneConds or not, in either state:
	// 5 choices a zone.
	total := 1
	for range names {
		total *= 5
	}
	for mix := range total {
		plain := &Controller{zoneStates: map[string]zoneState{}}
		fast := &Controller{zoneStates: map[string]zoneState{}}
		conds := map[string]zoneCount{}
		m := mix
		for _, z := range names {
			choice := m % 5
			m /= 5
			if choice == 4 {
				continue
			}
			plain.zoneStates[z], fast.zoneStates[z] = states[choice%2], states[choice%2]
			if choice >= 2 {
				conds[z] = zoneCount{ready: 1}
			}
		}

		wantFull := true
		for _, z := range object.AppendSortedKeys(nil, plain.zoneStates) {
			if _, have := conds[z]; !have {
				delete(plain.zoneStates, z)
				continue
			}
			if plain.zoneStates[z] != stateFullDisruption {
				wantFull = false
				break
			}
		}
		want := object.AppendSortedKeys(nil, plain.zoneStates)

		var buf [4]string
		got, gotFull := fast.pruneZones(object.AppendSortedKeys(buf[:0], fast.zoneStates), conds)
		if gotFull != wantFull || !slices.Equal(got, want) || !maps.Equal(fast.zoneStates, plain.zoneStates) {
			t.Errorf("mix %d: pruneZones = %v, %v, states %v; plain loop = %v, %v, states %v",
				mix, got, gotFull, fast.zoneStates, want, wantFull, plain.zoneStates)
		}
	}
}
