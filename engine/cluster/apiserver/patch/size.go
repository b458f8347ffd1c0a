package patch

import "strings"

// mergedLen is the most keys merging patch into target gives: target's,
// and those patch sets that target lacks (a null deletes). A map made at
// len(target)+len(patch) instead is often made larger than needed, and
// past eight keys a map takes a table of several allocations where one
// group would have held it. With directives, a strategic patch's "$…"
// keys are not counted: they say how to merge and are never set.
func mergedLen(target, patch map[string]any, directives bool) int {
	n := len(target)
	for k, v := range patch {
		if v == nil || directives && strings.HasPrefix(k, "$") {
			continue
		}
		if _, ok := target[k]; !ok {
			n++
		}
	}
	return n
}
