package main

import "testing"

func TestInstructionsOf(t *testing.T) {
	for _, c := range []struct {
		out  string
		want int64
		ok   bool
	}{
		{"PASS\n==17960== \n==17960== Events    : Ir\n==17960== Collected : 401035034\n==17960== \n==17960== I   refs:      401,035,034\n", 401035034, true},
		{"Callgrind: threads.c:247 (vgCallgrind_post_signal): Assertion 'sigNum == vgCallgrind_current_state.sig' failed.\n", 0, false},
		{"==1== Collected : 99999999999999999999999\n", 0, false},
		{"", 0, false},
	} {
		got, ok := instructionsOf(c.out)
		if got != c.want || ok != c.ok {
			t.Errorf("instructionsOf(%q) = %d, %v; want %d, %v", c.out, got, ok, c.want, c.ok)
		}
	}
}
