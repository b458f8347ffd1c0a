package object

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// EncodeYAML renders o as YAML in the style of `kubectl get -o yaml`
// (go-yaml v2 through sigs.k8s.io/yaml): two-space indentation, sequences
// not indented under their key, strings quoted only when they would read
// back as another type ("true", "1", timestamps: double quotes) or cannot
// be plain ('*': single quotes), multi-line strings as literal blocks.
// The key order is chosen by order; kubectl's own output is
// OrderAlphabetical.
func EncodeYAML(o *Object, order Order) []byte {
	e := yamlEncoder{}
	e.mapping(objectPairs(o, order), 0, false)
	return e.buf
}

// EncodeYAMLStream renders several objects separated by "---".
func EncodeYAMLStream(objs []*Object, order Order) []byte {
	var out []byte
	for i, o := range objs {
		if i > 0 {
			out = append(out, "---\n"...)
		}
		out = append(out, EncodeYAML(o, order)...)
	}
	return out
}

type kv struct {
	k string
	v any
}

// pairs is an ordered map for the encoder.
type pairs []kv

func objectPairs(o *Object, order Order) pairs {
	var out pairs
	meta := o.Meta.ToMap()
	var metaV any = meta
	if order == OrderKubernetes {
		mp := make(pairs, 0, len(meta))
		for _, k := range metaFieldOrder {
			if v, ok := meta[k]; ok {
				if k == "ownerReferences" {
					v = orderedOwnerRefs(v.([]any))
				}
				mp = append(mp, kv{k, v})
			}
		}
		metaV = mp
	}
	top := map[string]any{}
	for k, v := range o.Content {
		top[k] = v
	}
	if o.APIVersion != "" {
		top["apiVersion"] = o.APIVersion
	}
	if o.Kind != "" {
		top["kind"] = o.Kind
	}
	top["metadata"] = metaV
	if order == OrderAlphabetical {
		for _, k := range sortedKeys(top) {
			out = append(out, kv{k, top[k]})
		}
		return out
	}
	for _, k := range []string{"apiVersion", "kind", "metadata", "spec", "status"} {
		if v, ok := top[k]; ok {
			out = append(out, kv{k, v})
			delete(top, k)
		}
	}
	for _, k := range sortedKeys(top) {
		out = append(out, kv{k, top[k]})
	}
	return out
}

func orderedOwnerRefs(refs []any) []any {
	out := make([]any, len(refs))
	for i, r := range refs {
		m := r.(map[string]any)
		p := make(pairs, 0, len(m))
		for _, k := range ownerRefFieldOrder {
			if v, ok := m[k]; ok {
				p = append(p, kv{k, v})
			}
		}
		out[i] = p
	}
	return out
}

type yamlEncoder struct{ buf []byte }

func (e *yamlEncoder) pad(n int) {
	for i := 0; i < n; i++ {
		e.buf = append(e.buf, ' ')
	}
}

func asPairs(v any) (pairs, bool) {
	switch t := v.(type) {
	case pairs:
		return t, true
	case map[string]any:
		p := make(pairs, 0, len(t))
		for _, k := range sortedKeys(t) {
			p = append(p, kv{k, t[k]})
		}
		return p, true
	}
	return nil, false
}

// mapping writes key/value lines at indent; inline means the first key
// follows a "- " already written.
func (e *yamlEncoder) mapping(p pairs, indent int, inline bool) {
	for i, pair := range p {
		if i > 0 || !inline {
			e.pad(indent)
		}
		e.buf = append(e.buf, yamlKey(pair.k)...)
		e.buf = append(e.buf, ':')
		e.nested(pair.v, indent, indent+2)
	}
}

// nested writes the value after "key:" or "-": scalars and empty
// collections on the same line, collections below.
func (e *yamlEncoder) nested(v any, seqIndent, mapIndent int) {
	if l, ok := v.([]any); ok {
		if len(l) == 0 {
			e.buf = append(e.buf, " []\n"...)
			return
		}
		e.buf = append(e.buf, '\n')
		e.sequence(l, seqIndent)
		return
	}
	if p, ok := asPairs(v); ok {
		if len(p) == 0 {
			e.buf = append(e.buf, " {}\n"...)
			return
		}
		e.buf = append(e.buf, '\n')
		e.mapping(p, mapIndent, false)
		return
	}
	e.buf = append(e.buf, ' ')
	e.scalar(v, mapIndent)
	e.buf = append(e.buf, '\n')
}

func (e *yamlEncoder) sequence(l []any, indent int) {
	for _, item := range l {
		e.pad(indent)
		e.buf = append(e.buf, '-')
		e.item(item, indent)
	}
}

func (e *yamlEncoder) item(item any, indent int) {
	if l, ok := item.([]any); ok && len(l) > 0 {
		e.buf = append(e.buf, ' ')
		// "- - a": the nested sequence starts inline
		for i, x := range l {
			if i > 0 {
				e.pad(indent + 2)
			}
			e.buf = append(e.buf, '-')
			e.item(x, indent+2)
		}
		return
	}
	if p, ok := asPairs(item); ok && len(p) > 0 {
		e.buf = append(e.buf, ' ')
		e.mapping(p, indent+2, true)
		return
	}
	e.nested(item, indent+2, indent+2)
}

func (e *yamlEncoder) scalar(v any, indent int) {
	switch t := v.(type) {
	case nil:
		e.buf = append(e.buf, "null"...)
	case bool:
		e.buf = strconv.AppendBool(e.buf, t)
	case int64:
		e.buf = strconv.AppendInt(e.buf, t, 10)
	case float64:
		e.buf = append(e.buf, yamlFloat(t)...)
	case string:
		e.str(t, indent)
	default:
		e.str("<unsupported value>", indent)
	}
}

func yamlFloat(f float64) string {
	switch {
	case f != f:
		return ".nan"
	case f > 1.7976931348623157e308:
		return ".inf"
	case f < -1.7976931348623157e308:
		return "-.inf"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func (e *yamlEncoder) str(s string, indent int) {
	switch {
	case resolvesToOther(s):
		e.buf = append(e.buf, yamlDoubleQuote(s)...)
	case strings.Contains(s, "\n") && literalOK(s):
		e.literal(s, indent)
	case plainOK(s):
		e.buf = append(e.buf, s...)
	case singleOK(s):
		e.buf = append(e.buf, '\'')
		e.buf = append(e.buf, strings.ReplaceAll(s, "'", "''")...)
		e.buf = append(e.buf, '\'')
	default:
		e.buf = append(e.buf, yamlDoubleQuote(s)...)
	}
}

func (e *yamlEncoder) literal(s string, indent int) {
	body := strings.TrimRight(s, "\n")
	trailing := len(s) - len(body)
	switch trailing {
	case 0:
		e.buf = append(e.buf, "|-"...)
	case 1:
		e.buf = append(e.buf, '|')
	default:
		e.buf = append(e.buf, "|+"...)
	}
	e.buf = append(e.buf, '\n')
	for _, line := range strings.Split(body, "\n") {
		if line != "" {
			e.pad(indent)
			e.buf = append(e.buf, line...)
		}
		e.buf = append(e.buf, '\n')
	}
	for i := 1; i < trailing; i++ {
		e.buf = append(e.buf, '\n')
	}
	e.buf = e.buf[:len(e.buf)-1] // the caller writes the final newline
}

func yamlKey(k string) string {
	switch {
	case resolvesToOther(k) || strings.ContainsAny(k, "\n\r"):
		return yamlDoubleQuote(k)
	case plainOK(k):
		return k
	case singleOK(k):
		return "'" + strings.ReplaceAll(k, "'", "''") + "'"
	}
	return yamlDoubleQuote(k)
}

var (
	yamlIntRE   = regexp.MustCompile(`^[-+]?(0b[01_]+|0x[0-9a-fA-F_]+|0o?[0-7_]+|[0-9][0-9_]*|[1-9][0-9_]*(:[0-5]?[0-9])+)$`)
	yamlFloatRE = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$|^[-+]?\.(inf|Inf|INF)$|^\.(nan|NaN|NAN)$|^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*$`)
	yamlTimeRE  = regexp.MustCompile(`^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ][0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?[ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?)?)?$`)
)

// resolvesToOther reports whether s, written plain, would read back as a
// non-string under YAML 1.1 (go-yaml v2): such strings are double-quoted.
func resolvesToOther(s string) bool {
	if s == "" {
		return true
	}
	switch s {
	case "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE":
		return true
	}
	if _, ok := yaml11Bools[s]; ok {
		return true
	}
	c := s[0]
	if !(c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.') {
		return false
	}
	return yamlIntRE.MatchString(s) || yamlFloatRE.MatchString(s) || yamlTimeRE.MatchString(s)
}

// plainOK approximates go-yaml's emitter analysis of plain scalars.
func plainOK(s string) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	switch s[0] {
	case '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
		return false
	case '-':
		if len(s) == 1 || s[1] == ' ' {
			return false
		}
	}
	if strings.HasSuffix(s, ":") || strings.Contains(s, ": ") || strings.Contains(s, " #") {
		return false
	}
	for _, r := range s {
		if r == '\t' || r == '\n' || r == '\r' || !unicode.IsPrint(r) || r == utf8.RuneError {
			return false
		}
	}
	return true
}

func singleOK(s string) bool {
	for _, r := range s {
		if r == '\n' || r == '\r' || r == '\t' || !unicode.IsPrint(r) || r == utf8.RuneError {
			return false
		}
	}
	return true
}

// literalOK: a block keeps text as is, unless lines carry trailing spaces,
// tabs or a leading space on the first line (which needs an indentation
// indicator); those are double-quoted instead.
func literalOK(s string) bool {
	if strings.HasPrefix(s, " ") || strings.HasPrefix(s, "\n") {
		return false
	}
	for _, line := range strings.Split(s, "\n") {
		if strings.HasSuffix(line, " ") || strings.ContainsRune(line, '\t') || strings.ContainsRune(line, '\r') {
			return false
		}
		for _, r := range line {
			if !unicode.IsPrint(r) || r == utf8.RuneError {
				return false
			}
		}
	}
	return true
}

func yamlDoubleQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r == utf8.RuneError || !unicode.IsPrint(r) {
				if r <= 0xFF {
					b.WriteString(`\x`)
					b.WriteString(strconv.FormatInt(int64(r)|0x100, 16)[1:])
				} else {
					q := strconv.QuoteRune(r)
					b.WriteString(q[1 : len(q)-1])
				}
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
