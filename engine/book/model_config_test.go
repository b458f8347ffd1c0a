package book

import (
	"reflect"
	"runtime"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/scenario"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// The model engine makes a fixture's configuration once: every block on
// the fixture gets the configuration scenario.Config makes.
func TestModelEngineSharesAFixtureConfig(t *testing.T) {
	fx := twoWorkers(t)
	want, err := scenario.Config(fx, 0)
	if err != nil {
		t.Fatal(err)
	}
	cs := ModelEngine().(modelEngine).configs
	for range 2 {
		got, err := cs.of(fx)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("config differs from scenario.Config's (%v)", err)
		}
	}
	if len(cs.byFixture) != 1 {
		t.Errorf("%d configurations kept for one fixture", len(cs.byFixture))
	}
}

// A fixture's configuration is dropped once the fixture is gone, so that
// a book prepared again and again (a serve session) keeps only its
// current fixtures'.
func TestModelEngineForgetsAFixtureThatIsGone(t *testing.T) {
	cs := ModelEngine().(modelEngine).configs
	func() {
		fx, err := spec.ParseFixture("one.yaml", []byte("name: one\nnodes:\n  - name: worker-1\n"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := cs.of(fx); err != nil {
			t.Fatal(err)
		}
	}()
	deadline := time.Now().Add(5 * time.Second)
	for kept(cs) > 0 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if n := kept(cs); n > 0 {
		t.Errorf("%d configurations kept after their fixture is gone", n)
	}
}

// kept is the number of configurations cs keeps.
func kept(cs *configs) int {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return len(cs.byFixture)
}
