package object

import "sync/atomic"

// sharedBoxes holds strings recently put into trees, each boxed once: a
// slot per hash of the text, the last string boxed with that hash.
// Metadata is rendered as a tree at every write, and most of what it
// holds is written again and again (an apiVersion and kind, a namespace,
// an owner's name and uid, a label value), while boxing a string
// anew is an allocation. A boxed string is immutable, so one box may be
// shared by any number of trees, of any engine run, and which strings
// the slots hold changes no result: a miss only boxes the string again.
var sharedBoxes [256]atomic.Value // each holds a string

// boxString returns s as a tree value, reusing the shared box of s when
// its slot holds one.
func boxString(s string) any {
	slot := &sharedBoxes[boxSlot(s)]
	if v := slot.Load(); v != nil && v.(string) == s {
		return v
	}
	var v any = s
	slot.Store(v)
	return v
}

// boxSlot hashes the length and last bytes of s, where generated names
// and uids differ; it is fixed, so that which strings share a slot, and
// so the allocations of a run, are the same in every process.
func boxSlot(s string) uint8 {
	h := uint32(len(s))
	for i := max(len(s)-12, 0); i < len(s); i++ {
		h = h*31 + uint32(s[i])
	}
	return uint8(h ^ h>>8 ^ h>>16)
}
