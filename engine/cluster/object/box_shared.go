package object

import "sync/atomic"

// sharedTable holds strings recently made, each once: a slot per hash of
// the text, holding the last string of that hash, boxed. A string or a
// box is immutable, so one may be shared by any number of trees or
// paths, of any engine run, and which strings the slots hold changes no
// result: a miss only makes the string again.
type sharedTable [256]atomic.Value // each holds a string

// sharedBoxes shares the boxes of strings put into trees. Metadata is
// rendered as a tree at every write, and most of what it holds is
// written again and again (an apiVersion and kind, a namespace, an
// owner's name and uid, a label value), while boxing a string anew is an
// allocation.
var sharedBoxes sharedTable

// sharedPaths shares the texts of paths: Diff renders the path of every
// change for the trace, mostly the same few (a status condition's time,
// a replica count) from one write to the next.
var sharedPaths sharedTable

// boxString returns s as a tree value, reusing the shared box of s when
// its slot holds one.
func boxString(s string) any {
	slot := &sharedBoxes[slotOf(s)]
	if v := slot.Load(); v != nil && v.(string) == s {
		return v
	}
	var v any = s
	slot.Store(v)
	return v
}

// text returns b as a string, the one t holds when its slot holds b.
func (t *sharedTable) text(b []byte) string {
	slot := &t[slotOf(b)]
	if v := slot.Load(); v != nil {
		if s := v.(string); s == string(b) {
			return s
		}
	}
	s := string(b)
	slot.Store(s)
	return s
}

// slotOf hashes the length and last bytes of s, where generated names,
// uids and paths differ; it is fixed, so that which strings share a slot,
// and so the allocations of a run, are the same in every process.
func slotOf[T string | []byte](s T) uint8 {
	h := uint32(len(s))
	for i := max(len(s)-12, 0); i < len(s); i++ {
		h = h*31 + uint32(s[i])
	}
	return uint8(h ^ h>>8 ^ h>>16)
}
