package scenario

import (
	"fmt"
	"strings"
	"testing"
)

func TestCreateDeployment(t *testing.T) {
	sc := parseScenario(t, readFile(t, "create-deployment.yaml"))
	r, err := RunScenario(sc, twoWorkers(t))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, st := range r.Steps {
		fmt.Fprintf(&b, "%s: matched=%v %d events\n", st.Title, st.Matched, len(st.Events))
		for _, e := range st.Events {
			fmt.Fprintf(&b, "\t%s\n", FormatEvent(&e))
		}
		for _, e := range st.Nearest {
			fmt.Fprintf(&b, "\tnearest %s\n", FormatEvent(&e))
		}
	}
	for _, c := range r.Claims {
		fmt.Fprintf(&b, "claim %s: %v expected %q observed %q %v\n", c.Text, c.OK, c.Expected, c.Observed, c.Evidence)
	}
	for _, a := range r.Map.Actors {
		fmt.Fprintf(&b, "actor %s %s %v broken=%v %+v\n", a.ID, a.Role, a.Members, a.Broken, a.Inventory)
	}
	golden(t, "create-deployment.golden", b.String())
	if r.Failed() {
		t.Errorf("the scenario failed:\n%s", Problems(sc, r))
	}
}
