package kubectl

import (
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// FuzzRunLine runs any command line an author could write against the
// test state: it must print or refuse, never panic, and say the same the
// second time.
func FuzzRunLine(f *testing.F) {
	for _, seed := range []string{
		"kubectl get pods -o wide", "get po -A -l app=web", "describe deploy web",
		"describe rs", "describe svc web --show-events=false", "describe pods web-a web-b --show-events",
		"describe node worker-b", "logs web-a -c web", "get pod demo/web-b -n demo", "describe ev x",
		"get pods -l app!=web", "describe pod --show-events=", "get", "",
	} {
		f.Add(seed)
	}
	env := Env{Objects: state(f), Now: testNow, Namespace: "demo", Kinds: object.NewBuiltinRegistry().Resolve,
		Logs: func(ns, pod, container string) (string, error) { return "log of " + ns + "/" + pod + "\n", nil }}
	f.Fuzz(func(t *testing.T, line string) {
		out, err := env.RunLine(line)
		if err != nil && out != "" {
			t.Errorf("%q: both an output and an error %v", line, err)
		}
		again, err2 := env.RunLine(line)
		if again != out || (err == nil) != (err2 == nil) {
			t.Errorf("%q: a second run differs", line)
		}
		if err != nil && strings.TrimSpace(err.Error()) == "" {
			t.Errorf("%q: an empty error", line)
		}
	})
}
