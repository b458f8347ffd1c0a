package scenario

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"math"
	"reflect"
	"slices"
	"strings"
)

// contentHash hashes the values' contents: what pointers and interfaces
// point to (with the concrete type's name), struct fields (unexported
// ones too), map entries in key order. Equal contents hash equally
// wherever they live. A pointer cycle is hashed once.
func contentHash(vs ...any) [32]byte {
	h := &hasher{h: sha256.New(), seen: map[uintptr]bool{}}
	for _, v := range vs {
		h.value(reflect.ValueOf(v))
	}
	var out [32]byte
	copy(out[:], h.h.Sum(nil))
	return out
}

type hasher struct {
	h    hash.Hash
	seen map[uintptr]bool
	buf  [8]byte
}

func (h *hasher) int(n uint64) {
	binary.LittleEndian.PutUint64(h.buf[:], n)
	h.h.Write(h.buf[:])
}

func (h *hasher) str(s string) {
	h.int(uint64(len(s)))
	h.h.Write([]byte(s))
}

func (h *hasher) value(v reflect.Value) {
	if !v.IsValid() {
		h.str("<nil>")
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			h.str("<nil>")
			return
		}
		if h.seen[v.Pointer()] {
			h.str("<cycle>")
			return
		}
		h.seen[v.Pointer()] = true
		h.value(v.Elem())
		delete(h.seen, v.Pointer())
	case reflect.Interface:
		if v.IsNil() {
			h.str("<nil>")
			return
		}
		h.str(v.Elem().Type().String())
		h.value(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			h.value(v.Field(i))
		}
	case reflect.Slice, reflect.Array:
		h.int(uint64(v.Len()))
		for i := range v.Len() {
			h.value(v.Index(i))
		}
	case reflect.Map:
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int {
			return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
		})
		h.int(uint64(len(keys)))
		for _, k := range keys {
			h.value(k)
			h.value(v.MapIndex(k))
		}
	case reflect.String:
		h.str(v.String())
	case reflect.Bool:
		if v.Bool() {
			h.int(1)
		} else {
			h.int(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		h.int(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		h.int(v.Uint())
	case reflect.Float32, reflect.Float64:
		h.int(math.Float64bits(v.Float()))
	default:
		// Functions and channels have no content to compare: a job that
		// holds one hashes by its type only.
		h.str(v.Type().String())
	}
}
