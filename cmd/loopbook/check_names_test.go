package main

import "testing"

// A JUnit case names what its block checked, counting only what it has.
func TestCheckCaseName(t *testing.T) {
	for _, c := range []struct {
		b    checkBlock
		want string
	}{
		{checkBlock{Kind: "scenario", ID: "create-deployment", Steps: 14, Claims: 7}, "scenario create-deployment (14 steps, 7 claims)"},
		{checkBlock{Kind: "quiz", ID: "roles", Proofs: 1}, "quiz roles (1 proof)"},
		{checkBlock{Kind: "scenario", ID: "one", Steps: 1, Claims: 1, Proofs: 2}, "scenario one (1 step, 1 claim, 2 proofs)"},
		{checkBlock{Kind: "whatif", ID: "pod-boundaries"}, "whatif pod-boundaries"},
	} {
		if got := c.b.caseName(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.b, got, c.want)
		}
	}
}
