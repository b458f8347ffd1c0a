package scenario

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// A run applies copies of the manifest objects kept for its apply
// actions: after two runs of a scenario the kept objects are as the
// manifest decodes, and both runs answered alike.
func TestRunsLeaveTheKeptManifestAsItWas(t *testing.T) {
	sc := parseScenario(t, readFile(t, "create-deployment.yaml"))
	var first *spec.Apply
	for _, a := range sc.Run {
		if ap, ok := a.(*spec.Apply); ok {
			first = ap
			break
		}
	}
	if first == nil {
		t.Fatal("the scenario applies nothing")
	}
	var responses [][]string
	for range 2 {
		r, err := RunScenario(sc, twoWorkers(t))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, resp := range r.Responses {
			out = append(out, resp.Action+" "+resp.Output)
		}
		responses = append(responses, out)
	}
	if !reflect.DeepEqual(responses[0], responses[1]) {
		t.Errorf("the runs answered %q, then %q", responses[0], responses[1])
	}
	kept, err := manifest(first)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := Objects(first.Object)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(kept, fresh) {
		t.Errorf("a run changed the kept manifest: %+v, decoded %+v", kept, fresh)
	}
}
