package kubelet

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// With every API server stopped the node goes on: a crashed container is
// restarted locally and keeps serving; its status, which cannot be sent,
// is sent by the status manager's batch sync once the API is back, and
// the Lease is renewed again.
func TestAPIServerOutage(t *testing.T) {
	c := newCluster(t, nil, "worker-a")
	c.start("worker-a")
	c.runFor(time.Second)
	c.createPod("web", "worker-a", webSpec("web:v1"))
	c.runFor(30 * time.Second)
	c.plane.StopAll()
	from := c.log.Len()
	if err := c.runtimes["worker-a"].Crash("demo", "web", "web"); err != nil {
		t.Fatal(err)
	}
	c.runFor(time.Minute)
	if n := c.log.Query(trace.From("kubelet/worker-a"), trace.Verbs(trace.CRIStartContainer)).After(from - 1).Count(); n != 1 {
		t.Errorf("%d restarts during the outage, want 1", n)
	}
	ep, _ := c.net.Pod("10.244.1.2")
	if a := ep.Backend.Serve(80, "/"); a.Code != 200 {
		t.Errorf("the Pod does not serve during the outage: %+v", a)
	}
	if n := c.log.Query(trace.From("kubelet/worker-a"), trace.Verbs(trace.Patch), trace.Resource("pods/status"), trace.Code(200)).After(from - 1).Count(); n != 0 {
		t.Errorf("%d status patches went through with no API server", n)
	}
	c.plane.StartAll()
	back := c.log.Len()
	c.runFor(15 * time.Second)
	p := c.get("Pod", "demo", "web")
	if n, _, _ := p.Get(".status.containerStatuses[0].restartCount"); n != int64(1) {
		t.Errorf("restartCount in the API = %v, want 1", n)
	}
	if !c.ready("web") {
		t.Error("not Ready in the API")
	}
	if n := c.log.Query(trace.From("kubelet/worker-a"), trace.Verbs(trace.Update), trace.Resource("leases"), trace.Code(200)).After(back - 1).Count(); n < 1 {
		t.Error("the Lease was not renewed after the outage")
	}
}
