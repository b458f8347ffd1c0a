package spec

import (
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
)

// at is where block bodies of the good-case tests start.
var at = diag.Pos{File: "lesson.md", Line: 20, Col: 1}

// parse parses a block that must parse cleanly.
func parse[T Block](t *testing.T, kind, body string) T {
	t.Helper()
	b, err := Parse(kind, []byte(body), at)
	if err != nil {
		t.Fatalf("parse %s:\n%v", kind, err)
	}
	x, ok := b.(T)
	if !ok {
		t.Fatalf("parse %s gave %T", kind, b)
	}
	return x
}

// line returns the lesson line of body line n.
func line(n int) int { return at.Line + n - 1 }
