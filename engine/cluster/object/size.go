package object

import (
	"strconv"
	"unicode/utf8"
)

// Size returns the length of o's compact JSON encoding without building
// it: the byte count the store and watch accounting charge for o.
func (o *Object) Size() int {
	n := 2 // {}
	fields := 0
	add := func(keyLen, valLen int) {
		n += keyLen + 1 + valLen
		fields++
	}
	if o.APIVersion != "" {
		add(len(`"apiVersion"`), quotedLen(o.APIVersion))
	}
	if o.Kind != "" {
		add(len(`"kind"`), quotedLen(o.Kind))
	}
	add(len(`"metadata"`), metaSize(&o.Meta))
	for k, v := range o.Content {
		add(quotedLen(k), valueSize(v))
	}
	if fields > 1 {
		n += fields - 1
	}
	return n
}

func metaSize(m *Meta) int {
	n, fields := 2, 0
	add := func(keyLen, valLen int) { n += keyLen + 3 + valLen; fields++ } // quotes + colon
	str := func(k, v string) {
		if v != "" {
			add(len(k), quotedLen(v))
		}
	}
	str("name", m.Name)
	str("generateName", m.GenerateName)
	str("namespace", m.Namespace)
	str("uid", m.UID)
	str("resourceVersion", m.ResourceVersion)
	if m.Generation != 0 {
		add(len("generation"), len(strconv.FormatInt(m.Generation, 10)))
	}
	if !m.CreationTimestamp.IsZero() {
		add(len("creationTimestamp"), 22) // "2006-01-02T15:04:05Z" quoted
	}
	if m.DeletionTimestamp != nil {
		add(len("deletionTimestamp"), 22)
	}
	if m.DeletionGracePeriodSeconds != nil {
		add(len("deletionGracePeriodSeconds"), len(strconv.FormatInt(*m.DeletionGracePeriodSeconds, 10)))
	}
	strMapSize := func(k string, mm map[string]string) {
		if len(mm) == 0 {
			return
		}
		s := 2 + len(mm) - 1
		for key, v := range mm {
			s += quotedLen(key) + 1 + quotedLen(v)
		}
		add(len(k), s)
	}
	strMapSize("labels", m.Labels)
	strMapSize("annotations", m.Annotations)
	if len(m.OwnerReferences) > 0 {
		s := 2 + len(m.OwnerReferences) - 1
		for _, r := range m.OwnerReferences {
			s += ownerRefSize(r)
		}
		add(len("ownerReferences"), s)
	}
	if len(m.Finalizers) > 0 {
		s := 2 + len(m.Finalizers) - 1
		for _, f := range m.Finalizers {
			s += quotedLen(f)
		}
		add(len("finalizers"), s)
	}
	if fields > 1 {
		n += fields - 1
	}
	return n
}

// ownerRefSize is valueSize(r.toMap()) without building the map.
func ownerRefSize(r OwnerReference) int {
	n, fields := 2, 0
	add := func(k string, valLen int) { n += quotedLen(k) + 1 + valLen; fields++ }
	add("apiVersion", quotedLen(r.APIVersion))
	add("kind", quotedLen(r.Kind))
	add("name", quotedLen(r.Name))
	add("uid", quotedLen(r.UID))
	if r.Controller != nil {
		add("controller", valueSize(*r.Controller))
	}
	if r.BlockOwnerDeletion != nil {
		add("blockOwnerDeletion", valueSize(*r.BlockOwnerDeletion))
	}
	return n + fields - 1
}

func valueSize(v any) int {
	switch t := v.(type) {
	case nil:
		return 4
	case string:
		return quotedLen(t)
	case int64:
		return len(strconv.FormatInt(t, 10))
	case float64:
		return len(formatJSONFloat(t))
	case bool:
		if t {
			return 4
		}
		return 5
	case map[string]any:
		n := 2
		if len(t) > 1 {
			n += len(t) - 1
		}
		for k, x := range t {
			n += quotedLen(k) + 1 + valueSize(x)
		}
		return n
	case []any:
		n := 2
		if len(t) > 1 {
			n += len(t) - 1
		}
		for _, x := range t {
			n += valueSize(x)
		}
		return n
	}
	return quotedLen("<unsupported value>")
}

// quotedLen is len(appendJSONString(nil, s)) without allocating.
func quotedLen(s string) int {
	n := 2
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			switch {
			case b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&':
				n++
			case b == '\\' || b == '"' || b == '\n' || b == '\r' || b == '\t':
				n += 2
			default:
				n += 6
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			n += 6
		case r == '\u2028' || r == '\u2029':
			n += 6
		default:
			n += size
		}
		i += size
	}
	return n
}
