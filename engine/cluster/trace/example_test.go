package trace_test

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func ExampleQuery() {
	l := trace.NewLog()
	l.Append(trace.Event{From: "alice", To: trace.APIServer, Verb: trace.Create, Group: "apps", Resource: "deployments", Namespace: "demo", Name: "web"})
	for _, pod := range []string{"web-1", "web-2", "web-3"} {
		l.Append(trace.Event{From: trace.Scheduler, To: trace.APIServer, Verb: trace.Create, Resource: "pods", Subresource: "binding", Namespace: "demo", Name: pod})
	}
	// The lesson step "scheduler CREATE pods/binding demo/* x3", after Alice's create.
	apply, _ := l.Query(trace.From("alice"), trace.Verbs(trace.Create)).First()
	binds := l.Query(trace.From("scheduler"), trace.Verbs(trace.Create), trace.Resource("pods/binding"), trace.Object("demo/*")).After(apply.Seq)
	fmt.Println(binds.Count())
	// Output: 3
}
