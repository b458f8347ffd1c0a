package spec

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/diag"
)

// nearOrList suggests the valid word nearest to word, or says what the
// valid words are: none, or the list of them when short.
func nearOrList(word string, valid []string, what string) string {
	if n := diag.Nearest(word, valid); n != "" {
		return fmt.Sprintf("did you mean %q?", n)
	}
	switch {
	case len(valid) == 0:
		return "this block has no " + what
	case len(valid) <= 8:
		return "the " + what + " are " + quoted(valid)
	}
	return ""
}
