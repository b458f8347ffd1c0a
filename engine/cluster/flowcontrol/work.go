package flowcontrol

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// Work-estimation constants (k8s.io/apiserver/pkg/util/flowcontrol/request/config.go).
const (
	objectsPerSeat          = 100
	watchesPerSeat          = 10
	eventAdditionalDuration = 5 * time.Millisecond
)

// Work is how many seats a request takes and for how long after its
// service time, as Kubernetes' work estimator sees it
// (k8s.io/apiserver/pkg/util/flowcontrol/request/width.go). A request
// holds max(InitialSeats, FinalSeats) seats from dispatch until
// AdditionalLatency after its service time ends.
type Work struct {
	InitialSeats      int
	FinalSeats        int
	AdditionalLatency time.Duration
}

// Seats is the number of seats the request holds: MaxSeats in Kubernetes.
func (w Work) Seats() int { return max(w.InitialSeats, w.FinalSeats) }

// estimateWork sizes a request for a level whose requests may take at most
// maxSeats seats:
//
//   - list: one seat per 100 objects stored, from [Config.ObjectCount]
//     (list_work_estimator.go, as for a list served from the watch cache,
//     which Kubernetes uses for resourceVersion "" lists too since
//     ConsistentListFromCache); one seat for a list naming one object or
//     when the count is unknown.
//   - create, update, patch, delete: one seat, and if ten or more watches
//     are interested ([Config.WatchCount]) ceil(watches/10) final seats for
//     the watch events, reshaped to at most maxSeats seats over a longer
//     AdditionalLatency of equal area, 5 ms per seat
//     (mutating_work_estimator.go). Creating a ServiceAccount token sends
//     no events.
//   - everything else, watches included: one seat. (Kubernetes sizes a
//     watch that asks for initial events as a list; the model does not
//     see a request's options, so every watch takes one seat.)
func (c *Controller) estimateWork(info *api.RequestInfo, maxSeats int) Work {
	switch info.Verb {
	case "list":
		if info.Name != "" || c.cfg.ObjectCount == nil {
			return Work{InitialSeats: minimumSeats}
		}
		n, ok := c.cfg.ObjectCount(info.GroupResource())
		if !ok {
			return Work{InitialSeats: minimumSeats}
		}
		seats := int((n + objectsPerSeat - 1) / objectsPerSeat)
		return Work{InitialSeats: min(max(seats, minimumSeats), maxSeats)}
	case "create", "update", "patch", "delete":
		if c.cfg.WatchCount == nil || info.Resource == "serviceaccounts" && info.Subresource == "token" {
			return Work{InitialSeats: minimumSeats}
		}
		watches := c.cfg.WatchCount(*info)
		if watches < watchesPerSeat {
			return Work{InitialSeats: 1}
		}
		final := (watches + watchesPerSeat - 1) / watchesPerSeat
		finalWork := time.Duration(final) * eventAdditionalDuration
		final = min(final, maxSeats)
		return Work{InitialSeats: 1, FinalSeats: final, AdditionalLatency: finalWork / time.Duration(final)}
	}
	return Work{InitialSeats: minimumSeats}
}
