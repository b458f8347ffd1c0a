package object

import "math"

// DecodeBody turns a request body of kind info into an object in one pass,
// when the body is clean: apiVersion and kind absent, null or the kind's
// own; every field one the kind's schema has, of its type; metadata that
// MetaFromMap reads without error. For such a body the result is what the
// full decoding gives (CheckFields, a copy of every value but metadata,
// FromMap, with apiVersion and kind defaulted) and it shares nothing
// mutable with body. Defaulting is left to the caller.
//
// It reports false for anything else (another kind, an unknown field, a
// value of the wrong type, a custom resource): the caller then decodes
// the body the full way, which finds the same problem and words it.
func DecodeBody(info *KindInfo, body map[string]any) (*Object, bool) {
	return decodeBody(info, body, false)
}

// DecodeOwnedBody is DecodeBody for a body the caller hands over: the
// object keeps the body's values (every one but apiVersion, kind and
// metadata) instead of copies of them, so it shares its maps and slices
// with body. Only the top-level map is new.
func DecodeOwnedBody(info *KindInfo, body map[string]any) (*Object, bool) {
	return decodeBody(info, body, true)
}

// decodeBody is DecodeBody, keeping body's values when owned. It reads
// body in one pass: the envelope into the object, every other field
// checked against the schema (and copied unless owned); only once all
// are clean does an owned body lose its envelope and become the content.
func decodeBody(info *KindInfo, body map[string]any, owned bool) (*Object, bool) {
	if info == nil || info.CRD != nil || body == nil {
		return nil, false
	}
	s := info.Schema
	o := &Object{Kind: info.Kind}
	if !owned {
		o.Content = make(map[string]any, contentLen(body))
	}
	for k, v := range body {
		switch k {
		case "apiVersion":
			if av, ok := v.(string); ok && av != "" {
				if !isAPIVersion(av, info.Group, info.Version) {
					return nil, false
				}
				o.APIVersion = av // the body's, rather than a new one
			} else if v != nil && !ok {
				return nil, false
			}
		case "kind":
			if !ownName(v, o.Kind) {
				return nil, false
			}
		case "metadata":
			if v == nil {
				continue
			}
			mm, ok := v.(map[string]any)
			if !ok {
				return nil, false
			}
			m, plain, err := metaFromMap(mm)
			if err != nil {
				return nil, false
			}
			// Metadata of the fields metaFromMap checks as strictly as the
			// schema, decoded without error, is clean: it is walked again
			// only otherwise.
			if s != nil {
				if ms := s.Fields["metadata"]; !(plain && ms == objectMetaSchema) && !clean(mm, ms) {
					return nil, false
				}
			}
			o.Meta = m
		default:
			fs, ok := contentField(s, k)
			if !ok {
				return nil, false
			}
			if owned {
				if !clean(v, fs) {
					return nil, false
				}
				continue
			}
			c, ok := copyClean(v, fs)
			if !ok {
				return nil, false
			}
			o.Content[k] = c
		}
	}
	if o.APIVersion == "" {
		o.APIVersion = info.APIVersion()
	}
	if owned {
		delete(body, "apiVersion")
		delete(body, "kind")
		delete(body, "metadata")
		o.Content = body
	}
	return o, true
}

// contentLen is the number of body's top-level fields that are not its
// envelope.
func contentLen(body map[string]any) int {
	n := len(body)
	for _, k := range [...]string{"apiVersion", "kind", "metadata"} {
		if _, ok := body[k]; ok {
			n--
		}
	}
	return n
}

// isEnvelope reports whether a body's top-level key is one the decoder
// reads apart from the object's content.
func isEnvelope(k string) bool { return k == "apiVersion" || k == "kind" || k == "metadata" }

// contentField returns the schema of a body's top-level field k against
// the kind's schema s (nil for a kind without one, or an open struct's
// unknown field), and false for a field the kind does not have.
func contentField(s *Schema, k string) (*Schema, bool) {
	if s == nil {
		return nil, true
	}
	fs := s.Fields[k]
	return fs, fs != nil || s.Open
}

// ownName reports whether a body's apiVersion or kind is absent (null or
// empty, which the decoder defaults) or the endpoint's own.
func ownName(v any, own string) bool {
	if v == nil {
		return true
	}
	s, ok := v.(string)
	return ok && (s == "" || s == own)
}

// isAPIVersion reports whether s is JoinAPIVersion(group, version).
func isAPIVersion(s, group, version string) bool {
	if group == "" {
		return s == version
	}
	return len(s) == len(group)+1+len(version) && s[:len(group)] == group && s[len(group)] == '/' && s[len(group)+1:] == version
}

// clean reports whether CheckFields finds nothing in v against s: no
// decoding failure and no unknown field.
func clean(v any, s *Schema) bool {
	if v == nil || s == nil {
		return true
	}
	switch s.Type {
	case TypeAny:
		return true
	case TypeStruct:
		m, ok := v.(map[string]any)
		if !ok {
			return false
		}
		for k, e := range m {
			fs := s.Fields[k]
			if fs == nil {
				if !s.Open {
					return false
				}
				continue
			}
			if !clean(e, fs) {
				return false
			}
		}
		return true
	case TypeMap:
		m, ok := v.(map[string]any)
		if !ok {
			return false
		}
		for _, e := range m {
			if !clean(e, s.Elem) {
				return false
			}
		}
		return true
	case TypeSlice:
		l, ok := v.([]any)
		if !ok {
			return false
		}
		for _, e := range l {
			if !clean(e, s.Elem) {
				return false
			}
		}
		return true
	case TypeString:
		// What the checker's walk does with a string field.
		_, ok := v.(string)
		return ok
	}
	if ok, known := cleanCommonScalar(v, s.Type); known {
		return ok
	}
	return scalarClean(v, s)
}

// cleanCommonScalar answers clean for the scalar values bodies carry most
// (booleans, integers in range, numbers, an int-or-string's string, a
// canonical UTC timestamp) without setting up the checker; known is false
// for the rest, which the checker's walk decides. Each answer is the one
// that walk gives.
func cleanCommonScalar(v any, t SchemaType) (ok, known bool) {
	switch t {
	case TypeBool:
		_, ok := v.(bool)
		return ok, true
	case TypeInt32:
		if i, isInt := v.(int64); isInt {
			return i >= math.MinInt32 && i <= math.MaxInt32, true
		}
	case TypeInt64:
		if _, isInt := v.(int64); isInt {
			return true, true
		}
	case TypeFloat64:
		switch v.(type) {
		case int64, float64:
			return true, true
		}
		return false, true
	case TypeIntOrString:
		if _, isStr := v.(string); isStr {
			return true, true
		}
	case TypeTime, TypeMicroTime:
		frac := 0
		if t == TypeMicroTime {
			frac = 6
		}
		if str, isStr := v.(string); isStr && isCanonicalUTC(str, frac) {
			return true, true
		}
	}
	return false, false
}

// scalarClean checks a scalar field with the checker CheckFields uses.
func scalarClean(v any, s *Schema) bool {
	var c checker
	c.walk(v, s, "", nil, "")
	return c.err == nil && len(c.unknown) == 0
}

// copyClean is DeepCopyValue(v) when clean(v, s), in the same pass.
func copyClean(v any, s *Schema) (any, bool) {
	if v == nil || s == nil || s.Type == TypeAny {
		return DeepCopyValue(v), true
	}
	switch s.Type {
	case TypeStruct, TypeMap:
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if m == nil {
			return m, true
		}
		c := make(map[string]any, len(m))
		for k, e := range m {
			es := s.Elem
			if s.Type == TypeStruct {
				if es = s.Fields[k]; es == nil {
					if !s.Open {
						return nil, false
					}
					c[k] = DeepCopyValue(e)
					continue
				}
			}
			ce, ok := copyClean(e, es)
			if !ok {
				return nil, false
			}
			c[k] = ce
		}
		return c, true
	case TypeSlice:
		l, ok := v.([]any)
		if !ok {
			return nil, false
		}
		if l == nil {
			return l, true
		}
		c := make([]any, len(l))
		for i, e := range l {
			ce, ok := copyClean(e, s.Elem)
			if !ok {
				return nil, false
			}
			c[i] = ce
		}
		return c, true
	}
	if !clean(v, s) {
		return nil, false
	}
	return v, true
}
