// Package workqueue is client-go's util/workqueue on the model's loop: a
// queue of keys that is
//
//   - Fair: keys are handed out in the order they were added.
//   - Stingy: a key added many times before it is handed out is handed
//     out once (the dirty set).
//   - Exclusive: a key is never handed to two workers at once; one added
//     while it is being processed is handed out again after Done (the
//     processing set).
//
// with delayed adds on the loop's timers (AddAfter) and rate-limited
// requeues (AddRateLimited) measured in virtual time. Get never blocks: it
// answers false when nothing is ready. A Runner drives workers from the
// loop, calls a reconcile function per key and records a RECONCILE trace
// event for each.
package workqueue
