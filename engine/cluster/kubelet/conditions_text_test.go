package kubelet

import (
	"fmt"
	"testing"
)

// bracketed prints a list of names as fmt's %s does.
func TestBracketed(t *testing.T) {
	for _, names := range [][]string{{"web"}, {"web", "sidecar"}, {"a", "b", "c"}, {""}, {"with space", "x"}} {
		if got, want := bracketed(names), fmt.Sprintf("%s", names); got != want {
			t.Errorf("bracketed(%q) = %q, want %q", names, got, want)
		}
	}
}
