package namespace

import (
	"errors"
	"slices"
	"strings"
)

// aggregate joins errors as utilerrors.NewAggregate prints them: one
// alone, several as "[a, b]" without repeats; nil for none.
func aggregate(errs []error) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	var msgs []string
	for _, e := range errs {
		if m := e.Error(); !slices.Contains(msgs, m) {
			msgs = append(msgs, m)
		}
	}
	if len(msgs) == 1 {
		return errors.New(msgs[0])
	}
	return errors.New("[" + strings.Join(msgs, ", ") + "]")
}
