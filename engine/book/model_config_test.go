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
	m := ModelEngine().(modelEngine)
	for range 2 {
		got, err := m.config(fx)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("config differs from scenario.Config's (%v)", err)
		}
	}
	if n := m.configs.Len(); n != 1 {
		t.Errorf("%d configurations kept for one fixture", n)
	}
}

// A fixture's configuration is dropped once the fixture is gone, so that
// a book prepared again and again (a serve session) keeps only its
// current fixtures'.
func TestModelEngineForgetsAFixtureThatIsGone(t *testing.T) {
	m := ModelEngine().(modelEngine)
	func() {
		fx, err := spec.ParseFixture("one.yaml", []byte("name: one\nnodes:\n  - name: worker-1\n"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.config(fx); err != nil {
			t.Fatal(err)
		}
	}()
	deadline := time.Now().Add(5 * time.Second)
	for m.configs.Len() > 0 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if n := m.configs.Len(); n > 0 {
		t.Errorf("%d configurations kept after their fixture is gone", n)
	}
}
