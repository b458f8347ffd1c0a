package scenario

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// fixtures loads the site's fixtures once per test binary.
func fixtures(t testing.TB) map[string]*spec.Fixture {
	t.Helper()
	fs, err := LoadFixtures("../../lessons/_fixtures")
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

func TestConfigTwoWorkers(t *testing.T) {
	f := fixtures(t)["two-workers"]
	if f == nil {
		t.Fatal("no two-workers fixture")
	}
	cfg, err := Config(f, 7)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Seed != 7 || cfg.APIServers != 1 || len(cfg.Nodes) != 2 || len(cfg.Users) != 2 || len(cfg.Objects) != 2 {
		t.Fatalf("config %+v", cfg)
	}
	if n := cfg.Nodes[1]; n.Name != "worker-b" || n.Capacity["memory"] != "8Gi" || n.Labels[ZoneLabel] != "b" {
		t.Errorf("node %+v", n)
	}
	if im := cfg.Images["web:v1"]; im.PullDuration != 2*time.Second || im.ReadyAfter != 3*time.Second || len(im.Logs) != 1 {
		t.Errorf("image %+v", im)
	}
	if cfg.Objects[1].Kind != "RoleBinding" || cfg.Users[0].Groups[0] != "developers" {
		t.Errorf("objects %v users %v", cfg.Objects[1].Kind, cfg.Users)
	}
}

func TestConfigFields(t *testing.T) {
	src := `name: f
nodes:
  - {name: n1, zone: z1, taints: ["dedicated=gpu:NoSchedule"]}
images:
  "crash:v1": {exitAfter: 0s, exitCode: 2, probe: fail, cpu: 250m, startSeconds: 0.5}
timings: {nodeMonitorGracePeriod: 40s, hpaSyncPeriod: 30s}
`
	f, err := spec.ParseFixture("f.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := Config(f, 1)
	if err != nil {
		t.Fatal(err)
	}
	n := cfg.Nodes[0]
	if n.Labels[ZoneLabel] != "z1" || len(n.Taints) != 1 || n.Taints[0].Key != "dedicated" || n.Taints[0].Value != "gpu" || n.Taints[0].Effect != "NoSchedule" {
		t.Errorf("node %+v", n)
	}
	im := cfg.Images["crash:v1"]
	if !im.Exits || im.ExitCode != 2 || im.CPUMillis != 250 || im.StartDuration != 500*time.Millisecond || im.HTTP["*"].Status != 500 {
		t.Errorf("image %+v", im)
	}
	if cfg.Timings == nil || cfg.Timings.NodeMonitorGracePeriod != 40*time.Second || cfg.Timings.HPASyncPeriod != 30*time.Second || cfg.Timings.LeaseDuration != 15*time.Second {
		t.Errorf("timings %+v", cfg.Timings)
	}
}

func TestConfigErrors(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"yaml syntax", "name: f\nobjects: |\n  apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a\n", "f.yaml:5:"},
		{"no kind", "name: f\nobjects: |\n  apiVersion: v1\n  kind: Namespace\n  metadata: {name: a}\n  ---\n  metadata: {name: b}\n", "f.yaml:7:3: [apiVersion not set, kind not set]"},
		{"timing", "name: f\ntimings: {nodeMonitorGracePeriode: 40s}\n", `f.yaml:2:11: unknown timing "nodeMonitorGracePeriode"; did you mean "nodeMonitorGracePeriod"?`},
		{"cpu", "name: f\nimages:\n  \"a:v1\": {cpu: lots}\n", `f.yaml:3:17: bad cpu quantity "lots"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := spec.ParseFixture("f.yaml", []byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			_, err = Config(f, 1)
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Fatalf("error %v, want prefix %q", err, c.want)
			}
			var de *diag.Error
			var dl diag.List
			if !errors.As(err, &de) && !errors.As(err, &dl) {
				t.Errorf("error %T has no position", err)
			}
		})
	}
}

func TestTimingNames(t *testing.T) {
	names := strings.Join(TimingNames(), " ")
	for _, n := range []string{"nodeLeaseDuration", "hpaSyncPeriod", "leaseDuration", "latencyWatch"} {
		if !strings.Contains(" "+names+" ", " "+n+" ") {
			t.Errorf("%s missing from %s", n, names)
		}
	}
	if strings.Contains(names, "probeFailureThreshold") {
		t.Errorf("non-duration timing in %s", names)
	}
}
