package book

import (
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// Engine runs blocks on a cluster model. The Book runs every block
// through one; the default is the coordination model (see ModelEngine),
// tests substitute a double. Each method must be safe to call from
// several goroutines at once and deterministic: equal inputs give equal
// results. A returned error is a run that could not execute (an until
// that never held); steps that did not match and false claims are in the
// result, not errors.
type Engine interface {
	// Scenario runs a scenario on a fresh cluster of fixture f.
	Scenario(s *spec.Scenario, f *spec.Fixture) (*result.Scenario, error)
	// Failures runs each fault from the steady state baseline reaches.
	Failures(b *spec.Failures, baseline *spec.Scenario, f *spec.Fixture) (*result.Failures, error)
	// Whatif runs every combination of a what-if's inputs.
	Whatif(b *spec.Whatif, f *spec.Fixture) (*result.Whatif, error)
	// Gates sends a request and its variants through the API server.
	Gates(b *spec.Gates, f *spec.Fixture) (*result.Gates, error)
}
