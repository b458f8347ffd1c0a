package quota

import (
	"fmt"
	"sort"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// validationSet are the resources a quota makes every container specify
// (pkg/quota/v1/evaluator/core/pods.go: "if we quota cpu or memory, then
// each container must make an explicit request for the resource").
var validationSet = map[string]bool{
	"cpu": true, "memory": true, "requests.cpu": true, "requests.memory": true, "limits.cpu": true, "limits.memory": true,
}

// Constraints is the Pod evaluator's Constraints: when a quota limits
// cpu or memory requests or limits, every container and init container
// must name them. The error lists, per missing resource, the containers
// that lack it: "must specify limits.memory for: side,web; requests.cpu
// for: side,web". Objects other than Pods have no constraints.
func Constraints(group, resource string, required []string, o *object.Object) error {
	if group != "" || resource != "pods" {
		return nil
	}
	var need []string
	for _, r := range required {
		if validationSet[r] {
			need = append(need, r)
		}
	}
	if len(need) == 0 {
		return nil
	}
	missing := map[string][]string{}
	spec := o.Spec()
	for _, list := range []string{"containers", "initContainers"} {
		for _, c := range object.ListAt(spec, list) {
			cm := object.AsMap(c)
			have := containerUsage(cm)
			for _, r := range need {
				if _, ok := have[r]; !ok {
					missing[r] = append(missing[r], object.StringAt(cm, "name"))
				}
			}
		}
	}
	if len(missing) == 0 {
		return nil
	}
	names := make([]string, 0, len(missing))
	for r := range missing {
		names = append(names, r)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, r := range names {
		cs := missing[r]
		sort.Strings(cs)
		parts[i] = fmt.Sprintf("%s for: %s", r, strings.Join(cs, ","))
	}
	return fmt.Errorf("must specify %s", strings.Join(parts, "; "))
}
