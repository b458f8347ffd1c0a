package controller

// SlowStartInitialBatchSize is the first batch of Pod creations
// (pkg/controller/controller_utils.go).
const SlowStartInitialBatchSize = 1

// SlowStartBatch is the ReplicaSet controller's slowStartBatch, the loop
// the Job controller's manageJob runs too: it calls fn count times in
// batches of initial, 2·initial, 4·initial, …; after a batch with a
// failure no further batch starts. It
// returns how many calls succeeded and the first error. Kubernetes runs a
// batch's calls concurrently; here they run one after another, at one
// instant, and every call of a batch is made.
func SlowStartBatch(count, initial int, fn func() error) (int, error) {
	remaining, successes := count, 0
	for batch := min(remaining, initial); batch > 0; batch = min(2*batch, remaining) {
		var first error
		for range batch {
			if err := fn(); err != nil {
				if first == nil {
					first = err
				}
			} else {
				successes++
			}
		}
		if first != nil {
			return successes, first
		}
		remaining -= batch
	}
	return successes, nil
}
