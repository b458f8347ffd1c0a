package book

import (
	"runtime"
	"sync"
	"weak"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/scenario"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// ModelEngine returns the Engine that runs blocks on the coordination
// model (package scenario), each on a fresh cluster built from its
// fixture. The cluster configuration of a fixture is made once and
// shared by the blocks that run on it.
func ModelEngine() Engine {
	return modelEngine{configs: &configs{byFixture: map[weak.Pointer[spec.Fixture]]cluster.Config{}}}
}

type modelEngine struct{ configs *configs }

func (m modelEngine) Scenario(s *spec.Scenario, f *spec.Fixture) (*result.Scenario, error) {
	cfg, err := m.configs.of(f)
	if err != nil {
		return nil, err
	}
	return scenario.RunScenario(s, cfg)
}

func (m modelEngine) Failures(b *spec.Failures, baseline *spec.Scenario, f *spec.Fixture) (*result.Failures, error) {
	cfg, err := m.configs.of(f)
	if err != nil {
		return nil, err
	}
	return scenario.RunFailures(b, baseline, cfg)
}

func (m modelEngine) Whatif(b *spec.Whatif, f *spec.Fixture) (*result.Whatif, error) {
	cfg, err := m.configs.of(f)
	if err != nil {
		return nil, err
	}
	return scenario.RunWhatif(b, cfg)
}

func (m modelEngine) Gates(b *spec.Gates, f *spec.Fixture) (*result.Gates, error) {
	cfg, err := m.configs.of(f)
	if err != nil {
		return nil, err
	}
	return scenario.RunGates(b, cfg)
}

// configs keeps the cluster configuration of each fixture, as
// scenario.Config makes it (seed 0), for as long as the fixture lives: a
// book parses its fixtures once per preparation and runs many blocks on
// each. Sharing is safe because the block runners only read the
// configuration they are given (scenario's
// TestRunnersLeaveTheirConfigAsItWas), and a fixture, once parsed, does
// not change. A fixture whose configuration fails is not kept: each
// block gets its own error.
type configs struct {
	mu        sync.Mutex
	byFixture map[weak.Pointer[spec.Fixture]]cluster.Config
}

// of returns the configuration of fixture f.
func (c *configs) of(f *spec.Fixture) (cluster.Config, error) {
	if f == nil {
		return scenario.Config(nil, 0)
	}
	k := weak.Make(f)
	c.mu.Lock()
	cfg, ok := c.byFixture[k]
	c.mu.Unlock()
	if ok {
		return cfg, nil
	}
	cfg, err := scenario.Config(f, 0)
	if err != nil {
		return cfg, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if kept, ok := c.byFixture[k]; ok {
		// Another block made it meanwhile: both are equal; keep one.
		return kept, nil
	}
	c.byFixture[k] = cfg
	runtime.AddCleanup(f, c.forget, k)
	return cfg, nil
}

// forget drops the configuration of a fixture that is gone.
func (c *configs) forget(k weak.Pointer[spec.Fixture]) {
	c.mu.Lock()
	delete(c.byFixture, k)
	c.mu.Unlock()
}
