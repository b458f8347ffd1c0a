package job

import (
	"fmt"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// reasonSuccessPolicy is batch.JobReasonSuccessPolicy: the reason of the
// SuccessCriteriaMet and Complete conditions a successPolicy rule sets.
const reasonSuccessPolicy = "SuccessPolicy"

// matchSuccessPolicy is matchSuccessPolicy
// (pkg/controller/job/success_policy.go): the first rule the succeeded
// indexes of an Indexed Job meet, as "Matched rules at index N". A rule
// with succeededIndexes is met when all of them succeeded, or at least
// succeededCount of them; a rule with succeededCount alone when that many
// indexes succeeded. succeeded is sorted.
func matchSuccessPolicy(spec map[string]any, succeeded []int) (string, bool) {
	rules := object.ListAt(spec, "successPolicy", "rules")
	if len(rules) == 0 || len(succeeded) == 0 {
		return "", false
	}
	completions := int(intOf(spec["completions"]))
	for i, r := range rules {
		rule := object.AsMap(r)
		count, hasCount := object.Int(rule["succeededCount"])
		if s, ok := rule["succeededIndexes"].(string); ok {
			required := parseIndexes(s, completions)
			if len(required) == 0 {
				continue // what does not parse names nothing
			}
			contains := 0
			for _, ix := range required {
				if _, ok := slices.BinarySearch(succeeded, ix); ok {
					contains++
				}
			}
			if contains == len(required) || (hasCount && int64(contains) >= count) {
				return fmt.Sprintf("Matched rules at index %d", i), true
			}
		} else if hasCount && int64(len(succeeded)) >= count {
			return fmt.Sprintf("Matched rules at index %d", i), true
		}
	}
	return "", false
}
