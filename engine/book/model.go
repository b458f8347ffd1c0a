package book

import (
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/scenario"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
	"github.com/loopbook/loopbook/engine/weakmemo"
)

// ModelEngine returns the Engine that runs blocks on the coordination
// model (package scenario), each on a fresh cluster built from its
// fixture. The cluster configuration of a fixture is made once and
// shared by the blocks that run on it. Scenario results keep no trace
// (see ModelEngineWithTraces).
func ModelEngine() Engine { return newModelEngine(false) }

// ModelEngineWithTraces is ModelEngine with each scenario's trace kept in
// its result, for Book.Trace.
func ModelEngineWithTraces() Engine { return newModelEngine(true) }

func newModelEngine(traces bool) modelEngine {
	return modelEngine{traces: traces,
		configs: weakmemo.New(func(f *spec.Fixture) (cluster.Config, error) { return scenario.Config(f, 0) })}
}

type modelEngine struct {
	configs *weakmemo.Memo[spec.Fixture, cluster.Config]
	// traces keeps scenario results' traces.
	traces bool
}

func (m modelEngine) Scenario(s *spec.Scenario, f *spec.Fixture) (*result.Scenario, error) {
	cfg, err := m.config(f)
	if err != nil {
		return nil, err
	}
	return scenario.RunScenarioWith(s, cfg, scenario.RunOptions{Trace: m.traces})
}

func (m modelEngine) Failures(b *spec.Failures, baseline *spec.Scenario, f *spec.Fixture) (*result.Failures, error) {
	cfg, err := m.config(f)
	if err != nil {
		return nil, err
	}
	return scenario.RunFailures(b, baseline, cfg)
}

func (m modelEngine) Whatif(b *spec.Whatif, f *spec.Fixture) (*result.Whatif, error) {
	cfg, err := m.config(f)
	if err != nil {
		return nil, err
	}
	return scenario.RunWhatif(b, cfg)
}

func (m modelEngine) Gates(b *spec.Gates, f *spec.Fixture) (*result.Gates, error) {
	cfg, err := m.config(f)
	if err != nil {
		return nil, err
	}
	return scenario.RunGates(b, cfg)
}

// config returns the cluster configuration of fixture f: as
// scenario.Config makes it (seed 0), made once per fixture for as long as
// the fixture lives, since a book parses its fixtures once per preparation
// and runs many blocks on each. Sharing is safe because the block runners
// only read the configuration they are given (scenario's
// TestRunnersLeaveTheirConfigAsItWas), and a fixture, once parsed, does
// not change. A fixture whose configuration fails is not kept: each block
// gets its own error.
func (m modelEngine) config(f *spec.Fixture) (cluster.Config, error) {
	if f == nil {
		return scenario.Config(nil, 0)
	}
	return m.configs.Of(f)
}
