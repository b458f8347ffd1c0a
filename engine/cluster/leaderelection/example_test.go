package leaderelection_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/leaderelection"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Two candidates for kube-system/kube-controller-manager: the first leads;
// when it stops, the second takes over once the Lease has expired as it
// observed it, and the Lease counts one transition.
func Example() {
	loop, r := sim.NewLoop(), sim.NewRand(1)
	plane, _ := apiserver.New(apiserver.Config{Loop: loop, Rand: r})
	e := &env.Env{Loop: loop, Log: plane.Trace(), Rand: r, Kinds: plane.Registry(), Endpoint: plane.Endpoint(), Timings: env.Default()}

	candidate := func(actor string) *leaderelection.Elector {
		el, err := leaderelection.New(e, e.Client(trace.Actor(actor), ""), leaderelection.Config{
			Name:     "kube-controller-manager",
			Identity: leaderelection.NewIdentity(actor, r),
			Callbacks: leaderelection.Callbacks{
				OnStartedLeading: func() { fmt.Printf("%s %s starts leading\n", loop.Now(), actor) },
				OnStoppedLeading: func() { fmt.Printf("%s %s stops\n", loop.Now(), actor) },
			},
		})
		if err != nil {
			panic(err)
		}
		return el
	}
	a, b := candidate("cm-a"), candidate("cm-b")
	a.Run()
	b.Run()
	loop.RunFor(10 * time.Second)
	a.Stop()
	loop.RunFor(30 * time.Second)

	for ev := range e.Log.Query(trace.Verbs(trace.Elect)).All() {
		holder, _, _ := strings.Cut(ev.Outcome.Message, "_")
		fmt.Printf("%s %s ELECT %s (holder %s)\n", ev.Time, ev.From, ev.Detail, holder)
	}
	rec, _ := b.Observed()
	fmt.Println("leaseTransitions:", rec.LeaderTransitions)
	// Output:
	// 0.000s cm-a starts leading
	// 10.000s cm-a stops
	// 27.364264722s cm-b starts leading
	// 0.000s cm-a ELECT successfully acquired lease kube-system/kube-controller-manager (holder cm-a)
	// 0.000s cm-b ELECT new leader observed on lease kube-system/kube-controller-manager (holder cm-a)
	// 27.364264722s cm-b ELECT successfully acquired lease kube-system/kube-controller-manager (holder cm-b)
	// leaseTransitions: 1
}
