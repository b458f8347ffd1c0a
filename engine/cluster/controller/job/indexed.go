package job

import (
	"slices"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// CompletionIndexKey is batch.JobCompletionIndexAnnotation, also the
// label (PodIndexLabel) of an Indexed Job's Pods: the index each runs.
const CompletionIndexKey = "batch.kubernetes.io/job-completion-index"

// completionIndexEnv is the variable that hands a container its index
// (addCompletionIndexEnvVariable).
const completionIndexEnv = "JOB_COMPLETION_INDEX"

// indexed reports an Indexed Job.
func indexed(spec map[string]any) bool { return spec["completionMode"] == "Indexed" }

// completionIndex is getCompletionIndex: the Pod's index, -1 when it has
// none that parses.
func completionIndex(p *object.Object) int {
	s, ok := p.Meta.Annotations[CompletionIndexKey]
	if !ok {
		return -1
	}
	ix, err := strconv.Atoi(s)
	if err != nil || ix < 0 {
		return -1
	}
	return ix
}

// validIndex reports whether p's index is one of the Job's.
func (sc *syncCtx) validIndex(p *object.Object) bool {
	ix := completionIndex(p)
	return ix >= 0 && int64(ix) < intOf(sc.spec["completions"])
}

// succeededIndexes is calculateSucceededIndexes: the indexes
// .status.completedIndexes holds, and those with the ones of the
// succeeded Pods that still carry their finalizer added, both sorted.
func (sc *syncCtx) succeededIndexes() (prev, all []int) {
	prev = parseIndexes(object.StringAt(sc.status, "completedIndexes"), int(intOf(sc.spec["completions"])))
	all = slices.Clone(prev)
	for _, p := range sc.pods {
		if hasTrackingFinalizer(p) && phase(p) == "Succeeded" && sc.validIndex(p) {
			all = addIndex(all, completionIndex(p))
		}
	}
	return prev, all
}

// pendingIndexes is firstPendingIndexes: the lowest n indexes neither
// succeeded nor run by an active Pod.
func (sc *syncCtx) pendingIndexes(n int) []int {
	busy := map[int]bool{}
	for _, ix := range sc.doneIndexes {
		busy[ix] = true
	}
	for _, p := range sc.active {
		busy[completionIndex(p)] = true
	}
	var out []int
	for ix := 0; ix < int(intOf(sc.spec["completions"])) && len(out) < n; ix++ {
		if !busy[ix] {
			out = append(out, ix)
		}
	}
	return out
}

// duplicateIndexPods is appendDuplicatedIndexPodsForRemoval: the active
// Pods of an Indexed Job to remove whatever the count, those without a
// valid index or running an index another active Pod runs too (all but
// the first in removal order).
func (sc *syncCtx) duplicateIndexPods() []*object.Object {
	var out []*object.Object
	seen := map[int]bool{}
	for _, p := range removalOrder(sc.active, len(sc.active)) {
		if !sc.validIndex(p) || seen[completionIndex(p)] {
			out = append(out, p)
			continue
		}
		seen[completionIndex(p)] = true
	}
	return out
}

// withIndex is the template of index ix's Pod: the index as annotation
// and label, hostname <job>-<ix>, and JOB_COMPLETION_INDEX in every
// container's environment, from the label.
func withIndex(tpl map[string]any, jobName string, ix int) map[string]any {
	t := object.DeepCopyValue(tpl).(map[string]any)
	md := object.AsMap(t["metadata"])
	if md == nil {
		md = map[string]any{}
		t["metadata"] = md
	}
	for _, k := range []string{"annotations", "labels"} {
		m := object.AsMap(md[k])
		if m == nil {
			m = map[string]any{}
			md[k] = m
		}
		m[CompletionIndexKey] = strconv.Itoa(ix)
	}
	spec := object.AsMap(t["spec"])
	spec["hostname"] = jobName + "-" + strconv.Itoa(ix)
	for _, list := range []string{"initContainers", "containers"} {
		for _, c := range object.AsList(spec[list]) {
			cm := object.AsMap(c)
			env := object.AsList(cm["env"])
			if slices.ContainsFunc(env, func(e any) bool { return object.AsMap(e)["name"] == completionIndexEnv }) {
				continue
			}
			cm["env"] = append(env, map[string]any{"name": completionIndexEnv, "valueFrom": map[string]any{
				"fieldRef": map[string]any{"fieldPath": "metadata.labels['" + CompletionIndexKey + "']"}}})
		}
	}
	return t
}

// parseIndexes reads a completedIndexes string ("1,3-5") into sorted
// indexes below completions; what does not parse is skipped, as
// parseIndexesFromString does.
func parseIndexes(s string, completions int) []int {
	var out []int
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			continue
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil {
				continue
			}
		}
		for ix := a; ix <= b && ix < completions; ix++ {
			out = addIndex(out, ix)
		}
	}
	return out
}

// formatIndexes writes sorted indexes as orderedIntervals.String does:
// runs of consecutive indexes as "a-b", others alone, joined by commas.
func formatIndexes(ixs []int) string {
	var b strings.Builder
	for i := 0; i < len(ixs); {
		j := i
		for j+1 < len(ixs) && ixs[j+1] == ixs[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(ixs[i]))
		if j > i {
			b.WriteByte('-')
			b.WriteString(strconv.Itoa(ixs[j]))
		}
		i = j + 1
	}
	return b.String()
}

// addIndex inserts ix into sorted ixs unless it is there.
func addIndex(ixs []int, ix int) []int {
	i, found := slices.BinarySearch(ixs, ix)
	if found {
		return ixs
	}
	return slices.Insert(ixs, i, ix)
}
