package flowcontrol

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// RejectReason says why a request was rejected, with the reason labels of
// Kubernetes' apiserver_flowcontrol_rejected_requests_total metric
// (queueset.go).
type RejectReason string

// The rejection reasons.
const (
	// RejectQueueFull: every seat was taken and the flow's shortest
	// queue already held QueueLengthLimit requests.
	RejectQueueFull RejectReason = "queue-full"
	// RejectTimeOut: the request would not get a seat within the
	// queue-wait limit.
	RejectTimeOut RejectReason = "time-out"
	// RejectConcurrencyLimit: a level without queues (catch-all) had no
	// free seat.
	RejectConcurrencyLimit RejectReason = "concurrency-limit"
)

// Decision is API Priority and Fairness' answer to one request.
type Decision struct {
	// Schema and Level are the FlowSchema and priority level that
	// classified the request; Flow is its flow distinguisher (the user
	// or the namespace), empty for levels without queues, as Kubernetes
	// computes it only when it shuffle-shards.
	Schema, Level, Flow string
	// Work is the seats the request takes.
	Work Work
	// Wait is how long the request waits for a seat: zero if it runs at
	// once. For a time-out rejection it is the queue-wait limit, after
	// which the 429 is sent.
	Wait time.Duration
	// Rejected requests get Status: 429 TooManyRequests, "Too many
	// requests, please try again later.", with Retry-After.
	Rejected bool
	Reason   RejectReason
	Status   *api.Status
	// LongRunning requests (exec, attach, log, portforward, proxy) are
	// not subject to API Priority and Fairness; nothing else is set.
	LongRunning bool
}
