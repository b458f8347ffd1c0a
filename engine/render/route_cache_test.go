package render

import (
	"slices"
	"sync"
	"testing"
)

// TestSharedRoutes checks that layouts of one geometry share their routes,
// that what a layout finds in the shared table is what it would find
// alone, and that layouts of different geometries do not share.
func TestSharedRoutes(t *testing.T) {
	resetSharedRoutes()
	maps := routeMaps()
	for name, l := range maps {
		// Alone: a table of its own, as the first layout of a geometry has.
		alone := &routeTable{routes: map[[2]int][]point{}}
		want := map[[2]int][]point{}
		for a := range l.boxes {
			for b := a + 1; b < len(l.boxes); b++ {
				want[[2]int{a, b}] = alone.find(l, [2]int{a, b})
			}
		}
		// Again, from fresh layouts of the same maps, concurrently: each
		// goroutine's layout takes the one shared table.
		var wg sync.WaitGroup
		tables := make([]*routeTable, 4)
		for g := range tables {
			wg.Go(func() {
				m := routeMaps()[name]
				for key, w := range want {
					if got, _ := m.route(key[0], key[1]); !slices.Equal(got, w) {
						t.Errorf("%s: route %v = %v shared, %v alone", name, key, got, w)
					}
				}
				tables[g] = m.table
			})
		}
		wg.Wait()
		for _, tb := range tables[1:] {
			if tb != tables[0] {
				t.Errorf("%s: layouts of one geometry have different route tables", name)
			}
		}
	}
	seen := map[*routeTable]string{}
	for name := range maps {
		l := routeMaps()[name]
		tb := l.routeTable()
		if other, ok := seen[tb]; ok {
			t.Errorf("layouts %s and %s share a route table", name, other)
		}
		seen[tb] = name
	}
}

// resetSharedRoutes empties the shared route tables, so that a benchmark
// or test measures the routes found, not the ones kept.
func resetSharedRoutes() {
	sharedRoutes.Lock()
	sharedRoutes.byGeometry = nil
	sharedRoutes.Unlock()
}
