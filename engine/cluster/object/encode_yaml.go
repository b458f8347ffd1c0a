package object

import (
	"strconv"
	"strings"
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
