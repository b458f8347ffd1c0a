package flowcontrol

import (
	"testing"
	"time"
)

// TestPickScanMatchesTree replays loaded levels, with few and with many
// queues waiting, and checks before every step that pick's choice is
// the finish tree's, brought up to date from the queues refresh noted.
func TestPickScanMatchesTree(t *testing.T) {
	for _, tc := range []struct {
		name       string
		flows      int
		scan, tree bool // pick must have scanned, and used the tree, at least once
	}{
		{"one flow", 1, true, false},
		{"ten flows", 10, true, true},
		{"many flows", 60, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			qs := loadedLevel(t, tc.flows, 600)
			p := qs.copyForPrediction()
			scanned, treed := false, false
			for p.step(qs.now.Add(time.Hour)) {
				if p.waiting == 0 {
					continue
				}
				few := p.fewWaiting()
				got := p.pick()
				p.flushFinish()
				from := (p.robin + 1) % len(p.queues)
				want := p.finish.next(from)
				if want < 0 {
					want = p.scanForDispatch(from)
				}
				if got != want {
					t.Fatalf("pick %d, the finish tree %d (few waiting: %v)", got, want, few)
				}
				scanned, treed = scanned || few, treed || !few
			}
			if scanned != tc.scan || treed != tc.tree {
				t.Fatalf("pick scanned %v and used the tree %v, want %v and %v", scanned, treed, tc.scan, tc.tree)
			}
		})
	}
}
