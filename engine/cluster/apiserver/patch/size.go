package patch

import "strings"

// mergedLen is the most keys merging patch into target gives: target's,
// and those patch sets that target lacks (a null deletes). A map made at
// len(target)+len(patch) instead is often made larger than needed, and
// past eight keys a map takes a table of several allocations where one
// group would have held it.
func mergedLen(target, patch map[string]any) int {
	n := len(target)
	for k, v := range patch {
		if _, ok := target[k]; !ok && v != nil {
			n++
		}
	}
	return n
}

// entriesMergedLen is mergedLen for a strategic patch given as its
// entries es: its "$…" keys are not counted, as they say how to merge and
// are never set.
func entriesMergedLen(target map[string]any, es []entry) int {
	n := len(target)
	for _, e := range es {
		if e.val == nil || strings.HasPrefix(e.key, "$") {
			continue
		}
		if _, ok := target[e.key]; !ok {
			n++
		}
	}
	return n
}
