package flowcontrol_test

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/flowcontrol"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// A client floods global-default with slow lists while the
// controller-manager renews its leader-election Lease at the same instant.
func Example() {
	c := flowcontrol.New(flowcontrol.Config{})
	mallory := &api.UserInfo{Name: "mallory", Groups: []string{api.GroupAuthenticated}}
	kcm := &api.UserInfo{Name: flowcontrol.UserKubeControllerManager, Groups: []string{api.GroupAuthenticated}}
	list := api.RequestInfo{IsResourceRequest: true, Verb: "list", APIVersion: "v1", Resource: "pods", Namespace: "demo"}
	renew := api.RequestInfo{IsResourceRequest: true, Verb: "update", APIGroup: "coordination.k8s.io",
		APIVersion: "v1", Resource: "leases", Namespace: "kube-system", Name: "kube-controller-manager"}

	var last flowcontrol.Decision
	for range 400 {
		last = c.Admit(0, mallory, list, 5*time.Second)
	}
	fmt.Println(last.Schema, last.Level, last.Flow, last.Reason, last.Status.Kubectl(), last.Status.RetryAfterSeconds)

	d := c.Admit(0, kcm, renew, 5*time.Millisecond)
	fmt.Println(d.Schema, d.Level, d.Wait, d.Rejected)

	l, _ := c.Level(sim.Time(time.Second), flowcontrol.LevelGlobalDefault)
	fmt.Printf("%s: %d seats, %d running, %d waiting; %d dispatched (%d after waiting), %d rejected\n",
		l.Name, l.NominalCL, l.Executing, l.Waiting, l.Dispatched, l.Queued, l.Rejected)
	// Output:
	// global-default global-default mallory queue-full Error from server (TooManyRequests): Too many requests, please try again later. 1
	// system-leader-election leader-election 0s false
	// global-default: 49 seats, 49 running, 300 waiting; 254 dispatched (205 after waiting), 146 rejected
}
