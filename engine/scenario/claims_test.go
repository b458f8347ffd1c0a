package scenario

import (
	"strings"
	"sync"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

var (
	rolloutOnce sync.Once
	rolloutSess *Session
	rolloutErr  error
)

// rolloutSession runs testdata/rollout.yaml once: a Deployment of three
// web:v1 Pods rolled out to web:v2, Bob's refused requests, a raw GET and
// a scale to 2; its steps are matched.
func rolloutSession(t *testing.T) *Session {
	t.Helper()
	rolloutOnce.Do(func() {
		sc := parseScenario(t, readFile(t, "rollout.yaml"))
		cfg := twoWorkers(t)
		cfg.Seed = Seed(sc.ID.Value)
		s, err := NewSession(cfg)
		if err != nil {
			rolloutErr = err
			return
		}
		for _, a := range sc.Run {
			if _, err := s.Do(a); err != nil {
				rolloutErr = err
				return
			}
		}
		s.Settle()
		s.MatchSteps(sc.Steps)
		rolloutSess = s
	})
	if rolloutErr != nil {
		t.Fatal(rolloutErr)
	}
	return rolloutSess
}

// Each claim form, true and false, with what a false one reports.
func TestClaims(t *testing.T) {
	s := rolloutSession(t)
	cases := []struct {
		claim              string
		ok                 bool
		expected, observed string
	}{
		{"never scheduler -> kubelet", true, "no call from scheduler to kubelet", "none"},
		{"never apiserver -> kubelet", false, "no call from apiserver to kubelet", "5 or more calls"},
		{"never alice -> apiserver", false, "no call from alice to apiserver", "5 or more calls"},
		{"kubelet -> runtime", true, "a call from kubelet to runtime", "a call"},
		{"alice -> etcd", false, "a call from alice to etcd", "none"},
		{"deployment demo/web .spec.replicas == 2", true, ".spec.replicas == 2", "2"},
		{"deployment demo/web .spec.replicas == 3", false, ".spec.replicas == 3", "2"},
		{"deployment demo/web .spec.replicas > 1", true, ".spec.replicas > 1", "2"},
		{"deployment demo/web .spec.replicas >= 3", false, ".spec.replicas >= 3", "2"},
		{`deployment demo/web .spec.template.spec.containers[0].image == "web:v2"`, true, `.spec.template.spec.containers[0].image == "web:v2"`, "web:v2"},
		{"deployment demo/web .spec.template.spec.containers[0].image matches /v1$/", false, ".spec.template.spec.containers[0].image matches /v1$/", "web:v2"},
		{"deployment demo/web .metadata.deletionTimestamp missing", true, ".metadata.deletionTimestamp missing", "<none>"},
		{"deployment demo/web .status.readyReplicas exists", true, ".status.readyReplicas exists", "2"},
		{"deployment demo/nope .spec.replicas == 2", false, ".spec.replicas == 2", "no deployment demo/nope"},
		{`deployment demo/web .spec.template.spec.containers[0].image == "web:v1" after "Bind Pods"`, true, "", "web:v1"},
		{`deployment demo/web .spec.template.spec.containers[0].image == "web:v2" after apply-web`, false, "", "web:v1"},
		{`deployment demo/web .status.readyReplicas == 3 after ready`, true, "", "3"},
		{`pod demo/web-* .spec.nodeName exists after "Bind Pods"`, true, "each: .spec.nodeName exists", ""},
		{`pod demo/web-* .spec.nodeName == worker-z`, false, "each: .spec.nodeName == worker-z", "worker-"},
		{`pod demo app=web .status.phase == Running`, true, "each: .status.phase == Running", "Running, Running"},
		{`pod demo/web-* .spec.containers[0].resources.requests.cpu >= 100m`, false, "", "<none>"},
		{"count pods demo app=web == 2", true, "== 2", "2"},
		{"count pods demo app=web == 3", false, "== 3", "2"},
		{"count pods demo app=web,status.phase=Pending == 0", true, "== 0", "0"},
		{"count replicasets demo app=web == 2", true, "== 2", "2"},
		{"count nodes == 2", true, "== 2", "2"},
		{"always count pods demo app=web <= 4", true, "always <= 4", "held at all"},
		{"always count pods demo app=web <= 3", false, "always <= 3", "4"},
		{"eventually count pods demo app=web == 4", true, "eventually == 4", "4"},
		{"eventually deployment demo/web .status.readyReplicas == 5", false, "eventually .status.readyReplicas == 5", "never held"},
		{"values deployment demo/web .spec.template.spec.containers[0].image == [web:v1, web:v2]", true, "[web:v1, web:v2]", "[web:v1, web:v2]"},
		{"values deployment demo/web .spec.replicas == [3]", false, "[3]", "[3, 2]"},
		{"values deployment demo/web .metadata.generation == [1, 2, 3]", true, "[1, 2, 3]", "[1, 2, 3]"},
		{"unchanged deployment demo/web .metadata.uid", false, ".metadata.uid unchanged", "<absent> → "},
		{"changed deployment demo/web .spec.replicas", true, ".spec.replicas changed", "<absent> → 2"},
		{"unchanged node worker-a .metadata.uid", true, ".metadata.uid unchanged", ""},
		{"changed node worker-a .metadata.uid", false, ".metadata.uid changed", ""},
		{"no scheduler CREATE pods/binding demo/* => failed", true, "no event scheduler CREATE pods/binding demo/* => failed", "none"},
		{"no bob CREATE configmaps demo/notes", false, "no event bob CREATE configmaps demo/notes", "1 events"},
		{"no apiserver PERSIST configmaps demo/notes", true, "", "none"},
		{"scheduler CREATE pods/binding demo/* before kubelet/* CRI.StartContainer", true, "", "first at"},
		{"kubelet/* CRI.StartContainer before scheduler CREATE pods/binding demo/*", false, "", "first at"},
		{"alice CREATE deployments demo/web before alice DELETE deployments demo/web", false, "", "no event alice DELETE deployments demo/web"},
		{"elapsed alice CREATE deployments demo/web -> kubelet/* CRI.StartContainer in [1s, 10s]", true, "in [1s, 10s]", "2.02s"},
		{"elapsed alice CREATE deployments demo/web -> kubelet/* CRI.StartContainer in [10s, 20s]", false, "in [10s, 20s]", "2.02s"},
		{"response bob-cm .code == 403", true, ".code == 403", "403"},
		{"response bob-cm .reason == Forbidden", true, ".reason == Forbidden", "Forbidden"},
		{"response bob-cm .code == 201", false, ".code == 201", "403"},
		{`response bob-cm .message matches /cannot create resource "configmaps"/`, true, "", ""},
		{`response bob-cm .message lacks /cannot create resource "configmaps"/`, false, `.message lacks /cannot create resource "configmaps"/`, ""},
		{`response bob-cm .message lacks /secrets/`, true, "", ""},
		{"response bob-get .code == 403", true, "", "403"},
		{"response apply-web .code == 201", true, "", "201"},
		{"response v2 .code == 200", true, "", "200"},
		{"response scale .code == 200", true, "", "200"},
		{"response nope .code == 200", false, ".code == 200", `no response to an action "nope"`},
		{"stored revision unchanged", false, "no write reached the store", "writes"},
	}
	for _, c := range cases {
		t.Run(c.claim, func(t *testing.T) {
			cl, err := spec.ParseClaim(c.claim, diag.Pos{File: "test.md", Line: 1, Col: 1})
			if err != nil {
				t.Fatal(err)
			}
			got := s.Check(cl)
			if got.OK != c.ok || !strings.Contains(got.Expected, c.expected) || !strings.Contains(got.Observed, c.observed) {
				t.Errorf("got %v expected %q observed %q evidence %q\nwant %v expected ~%q observed ~%q", got.OK, got.Expected, got.Observed, got.Evidence, c.ok, c.expected, c.observed)
			}
			if !got.OK && len(got.Evidence) == 0 && !strings.HasPrefix(got.Observed, "no ") {
				t.Errorf("a false claim without evidence: %+v", got)
			}
			if got.Pos != "test.md:1:1" || got.Text != c.claim {
				t.Errorf("text %q pos %q", got.Text, got.Pos)
			}
		})
	}
}
