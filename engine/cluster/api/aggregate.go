package api

import (
	"errors"
	"slices"
	"strings"
)

// AggregateMessage joins messages as an aggregate error of
// k8s.io/apimachinery/pkg/util/errors prints them (aggregate.Error): ""
// for none, one alone, and several as "[a, b]", each distinct message
// once, in the order first met.
func AggregateMessage(msgs []string) string {
	var distinct []string
	for _, m := range msgs {
		if !slices.Contains(distinct, m) {
			distinct = append(distinct, m)
		}
	}
	if len(distinct) == 1 {
		return distinct[0]
	}
	if len(distinct) == 0 {
		return ""
	}
	return "[" + strings.Join(distinct, ", ") + "]"
}

// NewAggregate is utilerrors.NewAggregate for errors that are not nil:
// nil for none, the error itself for one, and for several an error whose
// message is AggregateMessage of theirs.
func NewAggregate(errs []error) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	return errors.New(AggregateMessage(msgs))
}
