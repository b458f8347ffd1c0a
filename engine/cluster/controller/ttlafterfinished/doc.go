// Package ttlafterfinished is kube-controller-manager's TTL-after-finished
// controller (pkg/controller/ttlafterfinished/ttlafterfinished_controller.go),
// "ttl-after-finished-controller": it deletes a finished Job once its
// spec.ttlSecondsAfterFinished has passed.
//
// A Job with a TTL counts as finished when it has the Complete or Failed
// condition with status True; it expires ttlSecondsAfterFinished seconds
// after that condition's lastTransitionTime. The controller looks at every
// added or updated Job that is finished, has a TTL and is not being
// deleted: before it expires, it looks again when it will; once expired,
// it reads the Job afresh from the API server (the TTL may have changed),
// checks it again, and deletes it with propagationPolicy Foreground and
// the Job's UID as a precondition, so that its Pods go first and a Job
// recreated under the same name is left alone. A failed delete is retried
// with the work queue's rate limit.
package ttlafterfinished
