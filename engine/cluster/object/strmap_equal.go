package object

import (
	"maps"
	"reflect"
)

// EqualStringMaps reports whether two label or annotation maps hold the
// same entries, an absent map equal to an empty one (maps.Equal). One map
// held by both, as a status write keeps the stored metadata's, is equal
// without a walk of its entries.
func EqualStringMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer() {
		return true
	}
	return maps.Equal(a, b)
}
