package workqueue_test

import (
	"errors"
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// A failing reconcile is retried after 5ms, 10ms, 20ms, … of virtual
// time; duplicate adds of a queued key are coalesced.
func Example() {
	loop := sim.NewLoop()
	log := trace.NewLog()
	q := workqueue.New(loop, nil) // DefaultControllerRateLimiter
	attempts := 0
	workqueue.RunWorkers(q, 2, func(key string) error {
		attempts++
		if attempts < 4 {
			return errors.New("replicasets.apps \"web-1\" not found yet")
		}
		return nil
	}, workqueue.Options{Actor: "deployment-controller", Log: log, Group: "apps", Resource: "deployments"})

	q.Add("demo/web")
	q.Add("demo/web")
	loop.Run()
	for e := range log.Query(trace.Verbs(trace.Reconcile)).All() {
		fmt.Println(e.Time, e.Verb, e.Namespace+"/"+e.Name, e.Detail)
	}
	// Output:
	// 0.000s RECONCILE demo/web requeued after 5ms
	// 0.005s RECONCILE demo/web requeued after 10ms
	// 0.015s RECONCILE demo/web requeued after 20ms
	// 0.035s RECONCILE demo/web
}
