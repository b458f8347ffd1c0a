package serviceaccount

import (
	"errors"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// namespaceTerminatingCause is v1.NamespaceTerminatingCause, the cause
// NamespaceLifecycle admission puts on a create refused in a terminating
// namespace.
const namespaceTerminatingCause = "NamespaceTerminating"

// hasStatusCause is apierrors.HasStatusCause.
func hasStatusCause(err error, cause string) bool {
	var st *api.Status
	if !errors.As(err, &st) || st.Details == nil {
		return false
	}
	for _, c := range st.Details.Causes {
		if c.Type == cause {
			return true
		}
	}
	return false
}

// aggregate joins errors as utilerrors.NewAggregate prints them: one
// alone, several as "[a, b]"; nil for none.
func aggregate(errs []error) error {
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
	return errors.New("[" + strings.Join(msgs, ", ") + "]")
}
