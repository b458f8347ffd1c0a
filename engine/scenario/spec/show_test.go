package spec

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
)

// show renders a parsed value compactly for assertions: struct fields by
// name, zero values and positions left out, enumerations by name.
func show(v any) string {
	var b strings.Builder
	render(&b, reflect.ValueOf(v))
	return b.String()
}

var posType = reflect.TypeOf(diag.Pos{})

func render(b *strings.Builder, v reflect.Value) {
	if !v.IsValid() {
		b.WriteString("nil")
		return
	}
	if v.Kind() != reflect.Struct && v.Kind() != reflect.Pointer && v.Kind() != reflect.Interface && v.CanInterface() {
		if s, ok := v.Interface().(fmt.Stringer); ok {
			b.WriteString(s.String())
			return
		}
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		render(b, v.Elem())
	case reflect.Struct:
		b.WriteString(v.Type().Name() + "{")
		first := true
		for i := range v.NumField() {
			f := v.Type().Field(i)
			fv := v.Field(i)
			if !f.IsExported() || f.Type == posType || fv.IsZero() {
				continue
			}
			if !first {
				b.WriteString(" ")
			}
			first = false
			if !f.Anonymous {
				b.WriteString(f.Name + ":")
			}
			render(b, fv)
		}
		b.WriteString("}")
	case reflect.Slice:
		b.WriteString("[")
		for i := range v.Len() {
			if i > 0 {
				b.WriteString(" ")
			}
			render(b, v.Index(i))
		}
		b.WriteString("]")
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
		b.WriteString("map[")
		for i, k := range keys {
			if i > 0 {
				b.WriteString(" ")
			}
			fmt.Fprintf(b, "%v:", k)
			render(b, v.MapIndex(k))
		}
		b.WriteString("]")
	case reflect.String:
		fmt.Fprintf(b, "%q", v.String())
	default:
		fmt.Fprintf(b, "%v", v.Interface())
	}
}
