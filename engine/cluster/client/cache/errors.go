package cache

import (
	"errors"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
)

// reasonOf returns the reason of the *api.Status in err's tree.
// errors.AsType, unlike errors.As, needs no pointer on the heap.
func reasonOf(err error) (api.StatusReason, bool) {
	if st, ok := errors.AsType[*api.Status](err); ok {
		return st.Reason, true
	}
	return "", false
}

func hasReason(err error, reasons ...api.StatusReason) bool {
	r, ok := reasonOf(err)
	if !ok {
		return false
	}
	for _, x := range reasons {
		if r == x {
			return true
		}
	}
	return false
}

// isExpiredError is reflector.go's: 410 with reason Expired, or Gone from
// servers before 1.18.
func isExpiredError(err error) bool { return hasReason(err, api.ReasonExpired, api.ReasonGone) }

// isWatchErrorRetriable is reflector.go's: a refused connection or a 429
// means the server is unwell, not that the resourceVersion is bad, so the
// reflector backs off and watches again without relisting.
func isWatchErrorRetriable(err error) bool {
	return client.IsConnectionRefused(err) || hasReason(err, api.ReasonTooManyRequests)
}
