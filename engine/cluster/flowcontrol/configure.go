package flowcontrol

import (
	"cmp"
	"fmt"
	"slices"
)

// usableLevels drops broken levels and supplies the mandatory ones.
func (c *Controller) usableLevels(in []PriorityLevel) []PriorityLevel {
	var out []PriorityLevel
	seen := map[string]bool{}
	for _, pl := range in {
		if err := checkLevel(&pl); err != nil || seen[pl.Name] {
			if err == nil {
				err = fmt.Errorf("a level of that name comes first")
			}
			c.warnings = append(c.warnings, fmt.Sprintf("ignoring PriorityLevelConfiguration %q: %v", pl.Name, err))
			continue
		}
		seen[pl.Name] = true
		out = append(out, pl)
	}
	if seen[LevelExempt] && seen[LevelCatchAll] {
		return out // the bootstrap levels are built only to supply one
	}
	for _, pl := range sharedBootstrapLevels() {
		if (pl.Name == LevelExempt || pl.Name == LevelCatchAll) && !seen[pl.Name] {
			out = append(out, pl)
		}
	}
	return out
}

// checkLevel rejects a level Kubernetes would refuse (its validation, and
// apf_controller.go's queueSetCompleterForPL), as far as the model reads
// the fields.
func checkLevel(pl *PriorityLevel) error {
	switch {
	case pl.Name == "":
		return fmt.Errorf("no name")
	case (pl.Type == Exempt) != (pl.Name == LevelExempt):
		return fmt.Errorf("non-alignment between name and type")
	case pl.Type != Exempt && pl.Type != Limited:
		return fmt.Errorf("unknown type %q", pl.Type)
	case pl.NominalConcurrencyShares < 0 || pl.LendablePercent < 0 || pl.LendablePercent > 100:
		return fmt.Errorf("shares or lendable percent out of range")
	case pl.Type == Limited && pl.LimitResponse != Queue && pl.LimitResponse != Reject:
		return fmt.Errorf("unknown limit response %q", pl.LimitResponse)
	case pl.queued():
		if pl.Queuing.QueueLengthLimit <= 0 {
			return fmt.Errorf("queueLengthLimit %d is not positive", pl.Queuing.QueueLengthLimit)
		}
		_, err := newDealer(pl.Queuing.Queues, pl.Queuing.HandSize)
		return err
	}
	return nil
}

// usableSchemas drops dangling schemas, sorts the rest into matching
// order (k8s.io/apiserver/pkg/util/apihelpers, FlowSchemaSequence: by
// precedence, then name) and supplies the mandatory ones in place.
func (c *Controller) usableSchemas(in []FlowSchema, levels map[string]int) []schemaState {
	var out []schemaState
	seen := map[string]bool{}
	for _, fs := range in {
		li, ok := levels[fs.PriorityLevel]
		switch {
		case !ok:
			c.warnings = append(c.warnings, fmt.Sprintf("ignoring FlowSchema %q: no priority level %q", fs.Name, fs.PriorityLevel))
			continue
		case seen[fs.Name]:
			c.warnings = append(c.warnings, fmt.Sprintf("ignoring FlowSchema %q: a schema of that name comes first", fs.Name))
			continue
		}
		seen[fs.Name] = true
		out = append(out, c.newSchemaState(fs, li))
	}
	slices.SortStableFunc(out, func(a, b schemaState) int {
		return cmp.Or(cmp.Compare(a.MatchingPrecedence, b.MatchingPrecedence), cmp.Compare(a.Name, b.Name))
	})
	if seen["exempt"] && seen["catch-all"] {
		return out // the bootstrap schemas are built only to supply one
	}
	boot := sharedBootstrapSchemas()
	if !seen["exempt"] {
		out = append([]schemaState{c.newSchemaState(boot[0], levels[LevelExempt])}, out...)
	}
	if last := boot[len(boot)-1]; !seen[last.Name] {
		out = append(out, c.newSchemaState(last, levels[LevelCatchAll]))
	}
	return out
}
