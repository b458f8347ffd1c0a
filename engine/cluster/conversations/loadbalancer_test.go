package conversations_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// cloudNamespace opts the shared fixture into a cloud.
const cloudNamespace = `
apiVersion: v1
kind: ConfigMap
metadata:
  name: cloud
  namespace: demo
  annotations: {cloudprovider.loopbook.dev/enabled: "true"}
`

// lbObjects are two web Pods and conversation 17's Service.
const lbService = `
apiVersion: v1
kind: Service
metadata: {name: web, namespace: demo}
spec: {type: LoadBalancer, selector: {app: web}, ports: [{port: 80, targetPort: 80}]}
`

// Conversation 17: the service controller watches the Service, calls the
// cloud's API (EXTERNAL create load balancer), and writes
// status.loadBalancer.ingress; traffic to that address crosses the
// balancer to a Node, whose Service rules send it to a Pod.
func TestServiceTypeLoadBalancer(t *testing.T) {
	c := started(t, fixture(t, 17, cloudNamespace))
	apply(t, c, "alice", pod("web-1", "web:v1"))
	apply(t, c, "alice", pod("web-2", "web:v1"))
	mark := c.Trace().Len()
	apply(t, c, "alice", lbService)
	ingress := func() string {
		s := stored(c, "", "Service", "demo", "web")
		return s.GetString(".status.loadBalancer.ingress[0].ip")
	}
	if !c.RunUntil(func() bool { return ingress() != "" }, time.Minute) {
		t.Fatal("no ingress address")
	}
	if got := ingress(); got != "203.0.113.10" {
		t.Errorf("ingress %s, want 203.0.113.10", got)
	}
	c.RunFor(30 * time.Second)
	res := c.LoadBalancerTraffic("client", ingress(), 80, 4)
	vias := map[string]bool{}
	for _, r := range res {
		if !r.Served() {
			t.Errorf("request not served: %+v", r)
		}
		vias[r.Via] = true
	}
	if len(vias) != 2 {
		t.Errorf("balancer used nodes %v, want both", vias)
	}
	keep := func(ev *trace.Event) bool {
		switch ev.From {
		case "alice", "service-controller", "client":
			return story(ev) && ev.Resource != "events"
		}
		return false
	}
	golden(t, "loadbalancer.txt", table(c.Trace(), mark, keep))
}
