package client

import (
	"errors"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// IsConnectionRefused reports whether err, or an error it wraps, is a
// refused connection (api.IsConnectionRefused): no API server answered.
func IsConnectionRefused(err error) bool {
	st, ok := errors.AsType[*api.Status](err)
	return ok && api.IsConnectionRefused(st)
}
