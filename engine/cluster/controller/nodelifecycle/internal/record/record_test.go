package record

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

func TestEventShape(t *testing.T) {
	loop := sim.NewLoop()
	plane, err := apiserver.New(apiserver.Config{Loop: loop, Rand: sim.NewRand(1)})
	if err != nil {
		t.Fatal(err)
	}
	loop.RunFor(90 * time.Second)
	k, _ := plane.Registry().ByGroupKind("", "Event")
	c := client.New("node-lifecycle-controller", "", plane.Endpoint(), loop, nil)
	r := &Recorder{Client: c, Kind: k, Loop: loop, Component: "node-controller"}
	cases := []struct {
		name     string
		ref      Ref
		wantNS   string
		wantName string
	}{
		{"a Node's Event goes to default", Ref{Kind: "Node", Name: "worker-b", UID: "u1"}, "default", "worker-b.18867266e2650400"},
		{"a Pod's Event goes to its namespace", Ref{Kind: "Pod", Namespace: "demo", Name: "web-a"}, "demo", "web-a.18867266e2650400"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r.Eventf(tc.ref, Normal, "NodeNotReady", "Node %s status is now: %s", tc.ref.Name, "NodeNotReady")
			o, err := c.Get(k, tc.wantNS, tc.wantName)
			if err != nil {
				t.Fatal(err)
			}
			checks := map[string]string{
				".reason": "NodeNotReady", ".type": "Normal", ".source.component": "node-controller",
				".reportingComponent": "node-controller", ".involvedObject.kind": tc.ref.Kind,
				".involvedObject.name": tc.ref.Name, ".message": "Node " + tc.ref.Name + " status is now: NodeNotReady",
				".firstTimestamp": "2026-01-01T00:01:30Z", ".lastTimestamp": "2026-01-01T00:01:30Z",
			}
			for path, want := range checks {
				if got := o.GetString(path); got != want {
					t.Errorf("%s = %q, want %q", path, got, want)
				}
			}
		})
	}
}
