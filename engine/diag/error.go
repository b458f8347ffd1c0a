package diag

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Pos is a place in a source file. Line and Col are 1-based; a zero Line
// means the whole file, a zero Col the whole line.
type Pos struct {
	File string
	Line int
	Col  int
}

// String formats the position as file:line:col, dropping the parts that are
// zero.
func (p Pos) String() string {
	switch {
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	default:
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	}
}

// Error is one authoring mistake at one position.
type Error struct {
	Pos Pos
	// Phase names the build phase that found it ("load", "markdown",
	// "links", …); it is not printed but lets callers group errors.
	Phase string
	// Msg says what is wrong and what was expected.
	Msg string
	// Hint, when set, is appended as "; did you mean …?" or a free hint.
	Hint string
}

// Error formats the error as "file:line:col: message; hint".
func (e *Error) Error() string {
	var b strings.Builder
	if e.Pos.File != "" {
		b.WriteString(e.Pos.String())
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	if e.Hint != "" {
		b.WriteString("; ")
		b.WriteString(e.Hint)
	}
	return b.String()
}

// Errorf builds an Error at pos.
func Errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// WithHint returns e with its hint set; an empty hint leaves e as it is.
func (e *Error) WithHint(hint string) *Error {
	if hint != "" {
		e.Hint = hint
	}
	return e
}

// List is a set of errors reported together, sorted by position.
type List []*Error

// Error prints one error per line.
func (l List) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Sort orders the list by file, line, column, then message.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return l[i].Msg < l[j].Msg
	})
}

// Err returns nil for an empty list and the sorted list otherwise.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}

// Add appends err to the list, flattening lists and wrapping errors that
// carry no position.
func (l *List) Add(err error) {
	if err == nil {
		return
	}
	var list List
	if errors.As(err, &list) {
		*l = append(*l, list...)
		return
	}
	var e *Error
	if errors.As(err, &e) {
		*l = append(*l, e)
		return
	}
	*l = append(*l, &Error{Msg: err.Error()})
}
