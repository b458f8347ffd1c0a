package object

import (
	"encoding/base64"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// SchemaType is the Go type a field decodes into on the API server.
type SchemaType uint8

const (
	TypeAny         SchemaType = iota // anything: not checked
	TypeString                        // string
	TypeBool                          // bool
	TypeInt32                         // int32
	TypeInt64                         // int64
	TypeFloat64                       // float64
	TypeBytes                         // []byte: base64 in JSON
	TypeIntOrString                   // intstr.IntOrString
	TypeQuantity                      // resource.Quantity
	TypeTime                          // metav1.Time
	TypeMicroTime                     // metav1.MicroTime
	TypeStruct                        // a Go struct
	TypeSlice                         // []Elem
	TypeMap                           // map[string]Elem
)

// Schema types the fields of a kind, so that the API server's decoding
// failures can be reproduced: a value of the wrong JSON type and, under
// strict field validation, a field the Go type does not have.
//
// A Schema is immutable once built; the built-in ones are shared.
type Schema struct {
	Type SchemaType
	// GoName and Pkg name a struct: "DeploymentSpec" in "v1" prints as
	// v1.DeploymentSpec.
	GoName string
	Pkg    string
	Fields map[string]*Schema
	// Open structs are typed only partly: fields not listed are accepted.
	Open bool
	Elem *Schema
}

// GoType renders the Go type as reflect.Type.String does.
func (s *Schema) GoType() string {
	switch s.Type {
	case TypeString:
		return "string"
	case TypeBool:
		return "bool"
	case TypeInt32:
		return "int32"
	case TypeInt64:
		return "int64"
	case TypeFloat64:
		return "float64"
	case TypeBytes:
		return "[]uint8"
	case TypeIntOrString:
		return "intstr.IntOrString"
	case TypeQuantity:
		return "resource.Quantity"
	case TypeTime:
		return "v1.Time"
	case TypeMicroTime:
		return "v1.MicroTime"
	case TypeStruct:
		return s.Pkg + "." + s.GoName
	case TypeSlice:
		return "[]" + s.Elem.GoType()
	case TypeMap:
		return "map[string]" + s.Elem.GoType()
	}
	return "interface {}"
}

// TypeError is the API server's JSON decoding error for a value of the
// wrong type (encoding/json UnmarshalTypeError, as forked in
// sigs.k8s.io/json). Field is the path of JSON names from the root without
// list indices; Struct is the Go struct that holds the field.
type TypeError struct {
	Value  string // "string", "number", "number 1.5", "bool", "object", "array"
	Struct string
	Field  string
	Type   string
}

func (e *TypeError) Error() string {
	if e.Struct == "" && e.Field == "" {
		return "json: cannot unmarshal " + e.Value + " into Go value of type " + e.Type
	}
	return "json: cannot unmarshal " + e.Value + " into Go struct field " + e.Struct + "." + e.Field + " of type " + e.Type
}

// FieldCheck is what the API server's decoder finds in a request body.
type FieldCheck struct {
	// Err is a decoding failure (a *TypeError, a bad quantity, a bad time,
	// bad base64). Whatever the field validation, the request fails with
	// 400 BadRequest and DecodeErrorMessage.
	Err error
	// Unknown lists fields the Go types do not have, as paths with list
	// indices ("spec.template.spec.containers[0].foo"), in the order the
	// decoder meets them (keys sorted, as kubectl sends JSON).
	Unknown []string
}

// StrictError is the error under fieldValidation=Strict, or "" when no
// field is unknown (runtime.NewStrictDecodingError in
// k8s.io/apimachinery/pkg/runtime/error.go):
//
//	strict decoding error: unknown field "spec.foo", unknown field "spec.bar"
func (c FieldCheck) StrictError() string {
	if len(c.Unknown) == 0 {
		return ""
	}
	return "strict decoding error: " + strings.Join(c.Warnings(), ", ")
}

// Warnings are the warnings under fieldValidation=Warn, one per unknown
// field: unknown field "spec.foo".
func (c FieldCheck) Warnings() []string {
	out := make([]string, len(c.Unknown))
	for i, u := range c.Unknown {
		out[i] = fmt.Sprintf("unknown field %q", u)
	}
	return out
}

// DecodeErrorMessage is the message of the 400 BadRequest for a body that
// cannot be decoded (transformDecodeError in
// k8s.io/apiserver/pkg/endpoints/handlers/rest.go):
//
//	Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32
func DecodeErrorMessage(info *KindInfo, err error) string {
	return fmt.Sprintf("%s in version %q cannot be handled as a %s: %v", info.Kind, info.Version, info.Kind, err)
}

// CheckFields checks a whole object tree (apiVersion, kind, metadata, …)
// against the kind's schema. Kinds without a schema pass unchecked; custom
// resources are checked for unknown fields against their OpenAPI schema.
func CheckFields(info *KindInfo, tree map[string]any) FieldCheck {
	if info != nil && info.CRD != nil {
		return FieldCheck{Unknown: crdUnknownFields(tree, info.CRD.OpenAPI)}
	}
	if info == nil || info.Schema == nil {
		return FieldCheck{}
	}
	if clean(tree, info.Schema) {
		// The common case, checked without building a path or sorting
		// a key.
		return FieldCheck{}
	}
	return walkFields(info.Schema, tree)
}

// walkFields is CheckFields' walk of a tree against a schema, which words
// what it finds, in key order.
func walkFields(s *Schema, tree map[string]any) FieldCheck {
	c := &checker{}
	c.walk(tree, s, "", nil, "")
	return FieldCheck{Err: c.err, Unknown: c.unknown}
}

type checker struct {
	err     error
	unknown []string
}

func (c *checker) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

func (c *checker) typeErr(value, structName string, stack []string, s *Schema) {
	c.fail(&TypeError{Value: value, Struct: structName, Field: strings.Join(stack, "."), Type: s.GoType()})
}

func joinPath(base, name string) string {
	if base == "" {
		return name
	}
	return base + "." + name
}

func (c *checker) walk(v any, s *Schema, structName string, stack []string, upath string) {
	if v == nil || s == nil {
		return // null decodes into anything as the zero value
	}
	switch s.Type {
	case TypeAny:
	case TypeStruct:
		m, ok := v.(map[string]any)
		if !ok {
			c.typeErr(jsonKindOf(v), structName, stack, s)
			return
		}
		keys := sortedKeys(m)
		for _, k := range keys {
			fs := s.Fields[k]
			if fs == nil {
				if !s.Open {
					c.unknown = append(c.unknown, joinPath(upath, k))
				}
				continue
			}
			c.walk(m[k], fs, s.GoName, append(stack[:len(stack):len(stack)], k), joinPath(upath, k))
		}
	case TypeSlice:
		l, ok := v.([]any)
		if !ok {
			c.typeErr(jsonKindOf(v), structName, stack, s)
			return
		}
		for i, e := range l {
			c.walk(e, s.Elem, structName, stack, upath+"["+strconv.Itoa(i)+"]")
		}
	case TypeMap:
		m, ok := v.(map[string]any)
		if !ok {
			c.typeErr(jsonKindOf(v), structName, stack, s)
			return
		}
		for _, k := range sortedKeys(m) {
			c.walk(m[k], s.Elem, structName, stack, joinPath(upath, k))
		}
	case TypeString:
		if _, ok := v.(string); !ok {
			c.typeErr(jsonKindOf(v), structName, stack, s)
		}
	case TypeBool:
		if _, ok := v.(bool); !ok {
			c.typeErr(jsonKindOf(v), structName, stack, s)
		}
	case TypeInt32, TypeInt64:
		c.checkInt(v, s, structName, stack)
	case TypeFloat64:
		switch v.(type) {
		case int64, float64:
		default:
			c.typeErr(jsonKindOf(v), structName, stack, s)
		}
	case TypeBytes:
		str, ok := v.(string)
		if !ok {
			c.typeErr(jsonKindOf(v), structName, stack, s)
			return
		}
		if _, err := base64.StdEncoding.DecodeString(str); err != nil {
			c.fail(err) // "illegal base64 data at input byte N"
		}
	case TypeIntOrString:
		// intstr.IntOrString.UnmarshalJSON: a string, or json.Unmarshal into
		// int32 whose error gets the outer field context.
		if _, ok := v.(string); ok {
			return
		}
		c.checkInt(v, &Schema{Type: TypeInt32}, structName, stack)
	case TypeQuantity:
		// resource.Quantity.UnmarshalJSON parses the raw JSON text.
		var text string
		switch t := v.(type) {
		case string:
			text = strings.TrimSpace(t)
		case int64:
			text = strconv.FormatInt(t, 10)
		case float64:
			text = formatJSONFloat(t)
		default:
			text = "{" // any object, array or bool fails the grammar
		}
		if _, err := ParseQuantity(text); err != nil {
			c.fail(err)
		}
	case TypeTime, TypeMicroTime:
		str, ok := v.(string)
		if !ok {
			c.fail(&TypeError{Value: jsonKindOf(v), Struct: structName, Field: strings.Join(stack, "."), Type: "string"})
			return
		}
		layout, frac := time.RFC3339, 0
		if s.Type == TypeMicroTime {
			layout, frac = MicroTimeLayout, 6
		}
		if isCanonicalUTC(str, frac) {
			return
		}
		if _, err := time.Parse(layout, str); err != nil {
			c.fail(err)
		}
	}
}

func (c *checker) checkInt(v any, s *Schema, structName string, stack []string) {
	lo, hi := float64(math.MinInt64), float64(math.MaxInt64)
	if s.Type == TypeInt32 {
		lo, hi = math.MinInt32, math.MaxInt32
	}
	switch t := v.(type) {
	case int64:
		if float64(t) < lo || float64(t) > hi {
			c.typeErr("number "+strconv.FormatInt(t, 10), structName, stack, s)
		}
	case float64:
		// encoding/json parses the literal with ParseInt: 3.0 as JSON text
		// is "3" after YAML conversion, but a fraction or exponent fails.
		if t != math.Trunc(t) || t < lo || t > hi {
			c.typeErr("number "+formatJSONFloat(t), structName, stack, s)
		}
	default:
		c.typeErr(jsonKindOf(v), structName, stack, s)
	}
}
