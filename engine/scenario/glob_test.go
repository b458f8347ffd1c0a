package scenario

import (
	"math/rand"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestGlobMatchesTraceGlob checks compiled globs against trace.Glob, on
// the patterns and strings of a small alphabet with stars.
func TestGlobMatchesTraceGlob(t *testing.T) {
	fixed := []struct{ pattern, s string }{
		{"*", ""}, {"*", "apiserver"}, {"", ""}, {"", "a"}, {"alice", "alice"}, {"alice", "alice2"},
		{"kubelet/*", "kubelet/worker-a"}, {"kubelet/*", "kubelet"}, {"*-controller", "job-controller"},
		{"a*b*c", "abc"}, {"a*b*c", "acb"}, {"**", ""}, {"a**", "a"},
	}
	for _, c := range fixed {
		g := compileGlob(c.pattern)
		if got, want := g.match(c.s), trace.Glob(c.pattern, c.s); got != want {
			t.Errorf("compileGlob(%q).match(%q) = %v, trace.Glob says %v", c.pattern, c.s, got, want)
		}
	}
	r := rand.New(rand.NewSource(1))
	word := func(alphabet string) string {
		b := make([]byte, r.Intn(6))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		return string(b)
	}
	for range 20000 {
		pattern, s := word("ab*"), word("ab")
		g := compileGlob(pattern)
		if got, want := g.match(s), trace.Glob(pattern, s); got != want {
			t.Fatalf("compileGlob(%q).match(%q) = %v, trace.Glob says %v", pattern, s, got, want)
		}
	}
}
