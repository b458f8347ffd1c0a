package object

import "slices"

// AppendSortedKeys appends m's keys to dst, sorted among themselves, and
// returns the extended slice: with a dst that has room (a stack buffer,
// a reused list), listing a map in a deterministic order allocates
// nothing.
func AppendSortedKeys[V any](dst []string, m map[string]V) []string {
	from := len(dst)
	for k := range m {
		dst = append(dst, k)
	}
	slices.Sort(dst[from:])
	return dst
}
