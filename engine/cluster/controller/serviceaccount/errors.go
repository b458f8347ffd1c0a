package serviceaccount

import (
	"errors"

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
