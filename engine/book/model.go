package book

import (
	"github.com/loopbook/loopbook/engine/scenario"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// ModelEngine returns the Engine that runs blocks on the coordination
// model (package scenario), each on a fresh cluster built from its
// fixture.
func ModelEngine() Engine { return modelEngine{} }

type modelEngine struct{}

func (modelEngine) Scenario(s *spec.Scenario, f *spec.Fixture) (*result.Scenario, error) {
	cfg, err := scenario.Config(f, 0)
	if err != nil {
		return nil, err
	}
	return scenario.RunScenario(s, cfg)
}

func (modelEngine) Failures(b *spec.Failures, baseline *spec.Scenario, f *spec.Fixture) (*result.Failures, error) {
	cfg, err := scenario.Config(f, 0)
	if err != nil {
		return nil, err
	}
	return scenario.RunFailures(b, baseline, cfg)
}

func (modelEngine) Whatif(b *spec.Whatif, f *spec.Fixture) (*result.Whatif, error) {
	cfg, err := scenario.Config(f, 0)
	if err != nil {
		return nil, err
	}
	return scenario.RunWhatif(b, cfg)
}

func (modelEngine) Gates(b *spec.Gates, f *spec.Fixture) (*result.Gates, error) {
	cfg, err := scenario.Config(f, 0)
	if err != nil {
		return nil, err
	}
	return scenario.RunGates(b, cfg)
}
