package cluster_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// story keeps what a golden table shows: state-changing calls and
// node-local calls, without the core/v1 Events objects the components
// record (their names carry timestamps and they are tested by their
// writers).
func story(ev *trace.Event) bool {
	return cluster.Activity(ev) && ev.Resource != "events"
}

// Creating a Deployment of 3 on two workers: the Deployment controller
// creates the ReplicaSet, the ReplicaSet controller the Pods, the
// scheduler binds them across both workers, the kubelets start them
// through their runtimes and report them Ready.
func TestCreateDeployment(t *testing.T) {
	c := started(t, twoWorkers(1))
	mark := c.Trace().Len()
	apply(t, c, "alice", deploymentYAML(3, "web:v1"))
	if !c.RunUntil(func() bool { return readyReplicas(c, "demo", "web") == 3 }, 2*time.Minute) {
		t.Fatalf("deployment not ready at %s: %d ready", c.Now(), readyReplicas(c, "demo", "web"))
	}
	pods := list(t, c, "", "Pod", "demo", "app=web")
	if len(pods) != 3 {
		t.Fatalf("%d pods, want 3", len(pods))
	}
	perNode := map[string]int{}
	for _, p := range pods {
		perNode[p.GetString(".spec.nodeName")]++
		if p.GetString(".status.phase") != "Running" {
			t.Errorf("pod %s phase %q", p.Meta.Name, p.GetString(".status.phase"))
		}
	}
	if perNode["worker-a"] == 0 || perNode["worker-b"] == 0 || perNode["worker-a"]+perNode["worker-b"] != 3 {
		t.Errorf("pods per node %v, want both workers used", perNode)
	}
	for _, want := range []struct {
		from string
		verb trace.Verb
		res  string
		n    int
	}{
		{"alice", trace.Create, "deployments", 1},
		{"deployment-controller", trace.Create, "replicasets", 1},
		{"replicaset-controller", trace.Create, "pods", 3},
		{"scheduler", trace.Create, "pods/binding", 3},
	} {
		n := 0
		for ev := range c.Trace().Query(trace.From(want.from), trace.Verbs(want.verb), trace.Resource(want.res)).All() {
			if ev.Seq >= mark && ev.Outcome.Code < 300 {
				n++
			}
		}
		if n != want.n {
			t.Errorf("%s %s %s: %d successful, want %d", want.from, want.verb, want.res, n, want.n)
		}
	}
	golden(t, "create-deployment.txt", table(c.Trace(), mark, story))
}
