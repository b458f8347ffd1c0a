package object

import (
	"strconv"
	"unicode/utf8"
)

// Order chooses the key order of encoded objects.
type Order uint8

const (
	// OrderKubernetes is the order of Kubernetes' Go structs, which
	// `kubectl get -o json` shows: apiVersion, kind, metadata (name,
	// generateName, namespace, uid, resourceVersion, generation,
	// creationTimestamp, deletionTimestamp, deletionGracePeriodSeconds,
	// labels, annotations, ownerReferences, finalizers), spec, status, then
	// other top-level keys sorted; keys below spec and status sorted.
	OrderKubernetes Order = iota
	// OrderAlphabetical sorts every map, as `kubectl get -o yaml` prints
	// (kubectl converts the server's JSON through a map).
	OrderAlphabetical
)

// MarshalJSON encodes o compactly in OrderKubernetes.
func (o *Object) MarshalJSON() ([]byte, error) { return AppendJSON(nil, o, OrderKubernetes), nil }

// AppendJSON appends o's compact JSON encoding to dst. Strings are escaped
// as encoding/json escapes them (HTML-safe), so sizes match the API
// server's.
func AppendJSON(dst []byte, o *Object, order Order) []byte {
	e := jsonEncoder{buf: dst, order: order}
	e.object(o)
	return e.buf
}

// EncodeJSON returns o as `kubectl get -o json` prints it: four-space
// indentation, a trailing newline.
func EncodeJSON(o *Object, order Order) []byte {
	e := jsonEncoder{order: order, indent: "    "}
	e.object(o)
	e.buf = append(e.buf, '\n')
	return e.buf
}

type jsonEncoder struct {
	buf    []byte
	order  Order
	indent string
	depth  int
	first  []bool
}

func (e *jsonEncoder) open(c byte) {
	e.buf = append(e.buf, c)
	e.depth++
	e.first = append(e.first, true)
}

func (e *jsonEncoder) close(c byte) {
	empty := e.first[len(e.first)-1]
	e.first = e.first[:len(e.first)-1]
	e.depth--
	if !empty {
		e.newline()
	}
	e.buf = append(e.buf, c)
}

func (e *jsonEncoder) newline() {
	if e.indent == "" {
		return
	}
	e.buf = append(e.buf, '\n')
	for i := 0; i < e.depth; i++ {
		e.buf = append(e.buf, e.indent...)
	}
}

func (e *jsonEncoder) sep() {
	if e.first[len(e.first)-1] {
		e.first[len(e.first)-1] = false
	} else {
		e.buf = append(e.buf, ',')
	}
	e.newline()
}

func (e *jsonEncoder) key(k string) {
	e.sep()
	e.buf = appendJSONString(e.buf, k)
	e.buf = append(e.buf, ':')
	if e.indent != "" {
		e.buf = append(e.buf, ' ')
	}
}

func (e *jsonEncoder) object(o *Object) {
	e.open('{')
	if e.order == OrderAlphabetical {
		// apiVersion < kind < metadata sort first among the usual keys, but
		// a general merge keeps the order exact for any key.
		keys := sortedKeys(o.Content)
		fixed := []string{"apiVersion", "kind", "metadata"}
		i := 0
		for _, f := range fixed {
			for i < len(keys) && keys[i] < f {
				e.key(keys[i])
				e.value(o.Content[keys[i]])
				i++
			}
			e.fixedField(o, f)
		}
		for ; i < len(keys); i++ {
			e.key(keys[i])
			e.value(o.Content[keys[i]])
		}
		e.close('}')
		return
	}
	e.fixedField(o, "apiVersion")
	e.fixedField(o, "kind")
	e.fixedField(o, "metadata")
	for _, k := range []string{"spec", "status"} {
		if v, ok := o.Content[k]; ok {
			e.key(k)
			e.value(v)
		}
	}
	if len(o.Content) > 0 {
		for _, k := range sortedKeys(o.Content) {
			if k == "spec" || k == "status" {
				continue
			}
			e.key(k)
			e.value(o.Content[k])
		}
	}
	e.close('}')
}

func (e *jsonEncoder) fixedField(o *Object, f string) {
	switch f {
	case "apiVersion":
		if o.APIVersion != "" {
			e.key("apiVersion")
			e.buf = appendJSONString(e.buf, o.APIVersion)
		}
	case "kind":
		if o.Kind != "" {
			e.key("kind")
			e.buf = appendJSONString(e.buf, o.Kind)
		}
	case "metadata":
		e.key("metadata")
		e.meta(&o.Meta)
	}
}

func (e *jsonEncoder) meta(m *Meta) {
	if e.order == OrderAlphabetical {
		e.value(m.ToMap())
		return
	}
	e.open('{')
	str := func(k, v string) {
		if v != "" {
			e.key(k)
			e.buf = appendJSONString(e.buf, v)
		}
	}
	str("name", m.Name)
	str("generateName", m.GenerateName)
	str("namespace", m.Namespace)
	str("uid", m.UID)
	str("resourceVersion", m.ResourceVersion)
	if m.Generation != 0 {
		e.key("generation")
		e.buf = strconv.AppendInt(e.buf, m.Generation, 10)
	}
	if !m.CreationTimestamp.IsZero() {
		str("creationTimestamp", FormatTime(m.CreationTimestamp))
	}
	if m.DeletionTimestamp != nil {
		str("deletionTimestamp", FormatTime(*m.DeletionTimestamp))
	}
	if m.DeletionGracePeriodSeconds != nil {
		e.key("deletionGracePeriodSeconds")
		e.buf = strconv.AppendInt(e.buf, *m.DeletionGracePeriodSeconds, 10)
	}
	e.stringMap("labels", m.Labels)
	e.stringMap("annotations", m.Annotations)
	if len(m.OwnerReferences) > 0 {
		e.key("ownerReferences")
		e.open('[')
		for _, r := range m.OwnerReferences {
			e.sep()
			e.open('{')
			// these four have no omitempty in metav1.OwnerReference
			for _, f := range [4][2]string{{"apiVersion", r.APIVersion}, {"kind", r.Kind}, {"name", r.Name}, {"uid", r.UID}} {
				e.key(f[0])
				e.buf = appendJSONString(e.buf, f[1])
			}
			if r.Controller != nil {
				e.key("controller")
				e.buf = strconv.AppendBool(e.buf, *r.Controller)
			}
			if r.BlockOwnerDeletion != nil {
				e.key("blockOwnerDeletion")
				e.buf = strconv.AppendBool(e.buf, *r.BlockOwnerDeletion)
			}
			e.close('}')
		}
		e.close(']')
	}
	if len(m.Finalizers) > 0 {
		e.key("finalizers")
		e.open('[')
		for _, f := range m.Finalizers {
			e.sep()
			e.buf = appendJSONString(e.buf, f)
		}
		e.close(']')
	}
	e.close('}')
}

func (e *jsonEncoder) stringMap(k string, m map[string]string) {
	if len(m) == 0 {
		return
	}
	e.key(k)
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sortStrings(keys)
	e.open('{')
	for _, key := range keys {
		e.key(key)
		e.buf = appendJSONString(e.buf, m[key])
	}
	e.close('}')
}

func (e *jsonEncoder) value(v any) {
	switch t := v.(type) {
	case nil:
		e.buf = append(e.buf, "null"...)
	case string:
		e.buf = appendJSONString(e.buf, t)
	case int64:
		e.buf = strconv.AppendInt(e.buf, t, 10)
	case float64:
		e.buf = append(e.buf, formatJSONFloat(t)...)
	case bool:
		e.buf = strconv.AppendBool(e.buf, t)
	case map[string]any:
		e.open('{')
		for _, k := range sortedKeys(t) {
			e.key(k)
			e.value(t[k])
		}
		e.close('}')
	case []any:
		e.open('[')
		for _, x := range t {
			e.sep()
			e.value(x)
		}
		e.close(']')
	default:
		e.buf = appendJSONString(e.buf, "<unsupported value>")
	}
}

const hexDigits = "0123456789abcdef"

// appendJSONString quotes s as encoding/json does with HTML escaping on.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
