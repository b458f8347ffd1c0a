package daemon

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// minReadySeconds is ds's spec.minReadySeconds.
func minReadySeconds(ds *object.Object) int64 {
	n, _ := object.Int(ds.Spec()["minReadySeconds"])
	return n
}

// isNotFound reports a 404.
func isNotFound(err error) bool { return api.IsReason(err, api.ReasonNotFound) }
