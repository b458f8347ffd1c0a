package book

import (
	"errors"

	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// ModelEngine returns the Engine that runs blocks on the coordination
// model.
func ModelEngine() Engine { return modelEngine{} }

type modelEngine struct{}

var errNotYet = errors.New("this block kind cannot run yet")

func (modelEngine) Scenario(s *spec.Scenario, f *spec.Fixture) (*result.Scenario, error) {
	return nil, errNotYet
}

func (modelEngine) Failures(b *spec.Failures, baseline *spec.Scenario, f *spec.Fixture) (*result.Failures, error) {
	return nil, errNotYet
}

func (modelEngine) Whatif(b *spec.Whatif, f *spec.Fixture) (*result.Whatif, error) {
	return nil, errNotYet
}

func (modelEngine) Gates(b *spec.Gates, f *spec.Fixture) (*result.Gates, error) {
	return nil, errNotYet
}
