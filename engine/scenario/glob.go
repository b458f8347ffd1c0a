package scenario

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// glob is a trace.Glob pattern compiled once: a scan tests one pattern
// against thousands of events, and most patterns are "*" or name one
// actor, resource or object, which a comparison decides without looking
// for a star each time.
type glob struct {
	pattern string
	kind    globKind
}

// globKind tells how a glob is applied.
type globKind uint8

const (
	globAny     globKind = iota // "*": every string
	globLiteral                 // no star: the string itself
	globStars                   // stars elsewhere: trace.Glob
)

// compileGlob compiles a trace.Glob pattern.
func compileGlob(pattern string) glob {
	switch {
	case pattern == "*":
		return glob{pattern, globAny}
	case strings.IndexByte(pattern, '*') < 0:
		return glob{pattern, globLiteral}
	}
	return glob{pattern, globStars}
}

// match reports whether s matches the pattern, as trace.Glob does.
func (g *glob) match(s string) bool {
	switch g.kind {
	case globAny:
		return true
	case globLiteral:
		return g.pattern == s
	}
	return trace.Glob(g.pattern, s)
}
