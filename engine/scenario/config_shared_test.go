package scenario

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// Every block runner only reads the configuration it is given, so that
// one configuration can serve every block of a fixture, at once: after a
// scenario, a what-if, a gates block and a failures block ran on it, it
// is as Config made it.
func TestRunnersLeaveTheirConfigAsItWas(t *testing.T) {
	fx := fixtures(t)
	runs := []struct {
		fixture string
		run     func(cluster.Config) error
	}{
		{"two-workers", func(cfg cluster.Config) error {
			_, err := RunScenario(parseScenario(t, readFile(t, "create-deployment.yaml")), cfg)
			return err
		}},
		{"two-workers", func(cfg cluster.Config) error {
			_, err := RunWhatif(parseBlock[*spec.Whatif](t, "whatif", whatifBlock), cfg)
			return err
		}},
		{"two-workers", func(cfg cluster.Config) error {
			_, err := RunGates(parseBlock[*spec.Gates](t, "gates", gatesBlock), cfg)
			return err
		}},
		{"web-steady", func(cfg cluster.Config) error {
			base := parseBlock[*spec.Scenario](t, "scenario", steadyWeb)
			_, err := RunFailures(parseBlock[*spec.Failures](t, "failures", failuresBlock), base, cfg)
			return err
		}},
	}
	for _, r := range runs {
		cfg, err := Config(fx[r.fixture], 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.run(cfg); err != nil {
			t.Fatal(err)
		}
		fresh, err := Config(fx[r.fixture], 0)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(cfg, fresh) {
			t.Errorf("%s: a run changed its configuration", r.fixture)
		}
	}
}
