package object

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// StepKind says how one step of a Path selects into a value.
type StepKind uint8

const (
	// StepField selects a map key: .name, ["dotted.key"] or [cpu].
	StepField StepKind = iota
	// StepIndex selects a list element by position: [0].
	StepIndex
	// StepMatch selects the first list element that is a map whose Key
	// field renders as Value: [type=Ready].
	StepMatch
)

// Step is one element of a Path.
type Step struct {
	Kind  StepKind
	Name  string // StepField
	Index int    // StepIndex
	Key   string // StepMatch
	Value string // StepMatch
}

// Path is a parsed field path.
type Path []Step

// ParsePath parses a field path. The grammar accepts both the jq-like form
// lesson claims use and the form of Kubernetes field errors:
//
//	.spec.replicas                      a leading dot is optional
//	.spec.containers[0].image           index into a list
//	.status.conditions[type=Ready]      first element whose type is "Ready"
//	.status.conditions[type="Ready"]    the value may be quoted
//	.metadata.annotations["a.b/c"]      a map key that holds dots or slashes
//	spec.containers[0].resources.requests[cpu]  bare key, as field errors print it
//
// "." or "" is the root.
func ParsePath(s string) (Path, error) {
	var p Path
	i := 0
	if strings.HasPrefix(s, ".") {
		i = 1
		if len(s) == 1 {
			return Path{}, nil
		}
	}
	first := true
	for i < len(s) {
		switch {
		case s[i] == '[':
			step, n, err := parseBracket(s[i:])
			if err != nil {
				return nil, fmt.Errorf("path %q: %w", s, err)
			}
			p = append(p, step)
			i += n
		case s[i] == '.' || first:
			if s[i] == '.' {
				i++
			}
			j := i
			for j < len(s) && s[j] != '.' && s[j] != '[' {
				if s[j] == ']' || s[j] == '"' {
					return nil, fmt.Errorf("path %q: unexpected %q at offset %d", s, s[j], j)
				}
				j++
			}
			if j == i {
				return nil, fmt.Errorf("path %q: empty field name at offset %d", s, i)
			}
			p = append(p, Step{Kind: StepField, Name: s[i:j]})
			i = j
		default:
			return nil, fmt.Errorf("path %q: unexpected %q at offset %d", s, s[i], i)
		}
		first = false
	}
	return p, nil
}

// MustParsePath is ParsePath for paths known to be valid; it panics on error.
func MustParsePath(s string) Path {
	p, err := ParsePath(s)
	if err != nil {
		panic(err)
	}
	return p
}

// parseBracket parses "[...]" at the start of s and returns the step and
// the number of bytes consumed.
func parseBracket(s string) (Step, int, error) {
	if len(s) > 1 && s[1] == '"' {
		q, rest, err := cutQuoted(s[1:])
		if err != nil {
			return Step{}, 0, err
		}
		if !strings.HasPrefix(rest, "]") {
			return Step{}, 0, errors.New("missing ] after quoted key")
		}
		return Step{Kind: StepField, Name: q}, len(s) - len(rest) + 1, nil
	}
	end := -1
	inQuote := false
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == '\\' && inQuote:
			i++
		case s[i] == '"':
			inQuote = !inQuote
		case s[i] == ']' && !inQuote:
			end = i
		}
		if end >= 0 {
			break
		}
	}
	if end < 0 {
		return Step{}, 0, errors.New("unterminated [")
	}
	body := s[1:end]
	if body == "" {
		return Step{}, 0, errors.New("empty []")
	}
	if n, err := strconv.Atoi(body); err == nil {
		if n < 0 {
			return Step{}, 0, fmt.Errorf("negative index %d", n)
		}
		return Step{Kind: StepIndex, Index: n}, end + 1, nil
	}
	if k, v, ok := strings.Cut(body, "="); ok {
		k = strings.TrimSpace(k)
		v = strings.TrimSpace(v)
		if k == "" {
			return Step{}, 0, errors.New("empty key in [key=value]")
		}
		if strings.HasPrefix(v, `"`) {
			q, rest, err := cutQuoted(v)
			if err != nil {
				return Step{}, 0, err
			}
			if rest != "" {
				return Step{}, 0, fmt.Errorf("unexpected %q after quoted value", rest)
			}
			v = q
		}
		return Step{Kind: StepMatch, Key: k, Value: v}, end + 1, nil
	}
	return Step{Kind: StepField, Name: body}, end + 1, nil
}

// cutQuoted reads a Go double-quoted string at the start of s.
func cutQuoted(s string) (string, string, error) {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			q, err := strconv.Unquote(s[:i+1])
			if err != nil {
				return "", "", fmt.Errorf("bad quoted string %s", s[:i+1])
			}
			return q, s[i+1:], nil
		}
	}
	return "", "", errors.New("unterminated quoted string")
}

// String renders p in the jq-like form: a leading dot, ".name" for simple
// keys, ["key"] for keys holding other characters.
func (p Path) String() string {
	if len(p) == 0 {
		return "."
	}
	var buf [128]byte
	b := buf[:0]
	for _, s := range p {
		b = s.appendTo(b)
	}
	return sharedPaths.text(b)
}

func (s Step) appendTo(b []byte) []byte {
	switch s.Kind {
	case StepField:
		if PlainKey(s.Name) {
			b = append(b, '.')
			b = append(b, s.Name...)
		} else {
			b = append(b, '[')
			b = strconv.AppendQuote(b, s.Name)
			b = append(b, ']')
		}
	case StepIndex:
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(s.Index), 10)
		b = append(b, ']')
	case StepMatch:
		b = append(b, '[')
		b = append(b, s.Key...)
		b = append(b, '=')
		if PlainKey(s.Value) || isDottedValue(s.Value) {
			b = append(b, s.Value...)
		} else {
			b = strconv.AppendQuote(b, s.Value)
		}
		b = append(b, ']')
	}
	return b
}

// Child returns p extended by a field step. p itself is not modified.
func (p Path) Child(name string) Path { return p.with(Step{Kind: StepField, Name: name}) }

// Index returns p extended by an index step.
func (p Path) Index(i int) Path { return p.with(Step{Kind: StepIndex, Index: i}) }

// Match returns p extended by a [key=value] step.
func (p Path) Match(key, value string) Path {
	return p.with(Step{Kind: StepMatch, Key: key, Value: value})
}

func (p Path) with(s Step) Path {
	out := make(Path, len(p), len(p)+1)
	copy(out, p)
	return append(out, s)
}

// PlainKey reports whether a field name is written after a dot in a path
// (.spec.nodeName) rather than in brackets: letters, digits, '_' and '-'
// only.
func PlainKey(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// isDottedValue allows match values such as IPs and versions unquoted.
func isDottedValue(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == '/' || c == ':') {
			return false
		}
	}
	return true
}
