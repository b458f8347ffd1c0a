package patch

import (
	"slices"
	"strings"
)

// entry is one key of a patch map with its value.
type entry struct {
	key string
	val any
}

// appendSortedEntries appends m's entries to dst, sorted by key among
// themselves, and returns the extended slice. A merge goes through a
// patch's keys in this order (so that $deleteFromPrimitiveList/f comes
// before f, and the first error is always the same one); listing the
// entries once spares it looking each key up again.
func appendSortedEntries(dst []entry, m map[string]any) []entry {
	from := len(dst)
	for k, v := range m {
		dst = append(dst, entry{k, v})
	}
	es := dst[from:]
	if len(es) > 12 {
		slices.SortFunc(es, func(a, b entry) int { return strings.Compare(a.key, b.key) })
		return dst
	}
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && es[j].key < es[j-1].key; j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
	return dst
}
