package render

import (
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// ev is a trace event at ms milliseconds.
func ev(ms int, from, to trace.Actor, verb trace.Verb, resource, ns, name string) trace.Event {
	res, sub, _ := cutSlash(resource)
	return trace.Event{Time: at(ms), From: from, To: to, Verb: verb, Resource: res, Subresource: sub, Namespace: ns, Name: name}
}

func cutSlash(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

func deployment(replicas, ready string) *result.Object {
	fields := []result.Field{
		{Path: ".apiVersion", Value: "apps/v1"},
		{Path: ".kind", Value: "Deployment"},
		{Path: ".metadata.name", Value: "web"},
		{Path: ".metadata.namespace", Value: "demo"},
		{Path: ".metadata.resourceVersion", Value: "12"},
		{Path: ".spec.replicas", Value: replicas},
		{Path: ".spec.selector.matchLabels.app", Value: "web"},
		{Path: ".spec.template.spec.containers[0].image", Value: "web:v1"},
	}
	if ready != "" {
		fields = append(fields, result.Field{Path: ".status.readyReplicas", Value: ready})
	}
	return &result.Object{APIVersion: "apps/v1", Kind: "Deployment", Namespace: "demo", Name: "web", Fields: fields}
}

func pod(name, node string) *result.Object {
	fields := []result.Field{
		{Path: ".metadata.name", Value: name},
		{Path: ".metadata.namespace", Value: "demo"},
		{Path: ".spec.containers[0].image", Value: "web:v1"},
	}
	if node != "" {
		fields = append(fields, result.Field{Path: ".spec.nodeName", Value: node})
	}
	return &result.Object{APIVersion: "v1", Kind: "Pod", Namespace: "demo", Name: name, Fields: fields}
}

func step(title, pattern, say string, obj *result.Object, events ...trace.Event) result.Step {
	return result.Step{Title: title, Pattern: pattern, Say: say, Matched: len(events) > 0, Events: events, Object: obj}
}

// fixtureScenario is the source course's first conversation, in fifteen
// steps.
func fixtureScenario() *result.Scenario {
	api := trace.APIServer
	created := ev(0, "alice", api, trace.Create, "deployments", "demo", "web")
	created.Change = &trace.Change{Set: []string{".spec", ".metadata.name"}}
	binding := func(ms int, name string) trace.Event {
		return ev(ms, trace.Scheduler, api, trace.Create, "pods/binding", "demo", name)
	}
	status := ev(9000, "kubelet/worker-a", api, trace.Patch, "pods/status", "demo", "web-a")
	status.Change = &trace.Change{Changed: []string{".status.phase"}}
	dstatus := ev(9500, "deployment-controller", api, trace.Update, "deployments/status", "demo", "web")
	dstatus.Change = &trace.Change{Set: []string{".status.readyReplicas"}}
	admit := ev(2, api, "", trace.Admit, "deployments", "demo", "web")
	admit.Phase = trace.Validating
	return &result.Scenario{
		ID:       "create-deployment",
		Title:    "Create a Deployment",
		Question: "Does applying replicas: 3 mean three containers exist already?",
		Answer:   "Multiple reconcilers, scheduler and kubelets turn one stored intent into running Pods.",
		Note:     "This example assumes requests are allowed and Pods become Ready; timing is illustrative.",
		Fixture:  "two-workers",
		Map:      fixtureMap(),
		Responses: []result.Response{
			{ID: "apply", User: "alice", Action: "kubectl apply -f web.yaml", Code: 201, Output: "deployment.apps/web created"},
			{User: "bob", Action: "kubectl delete deployment.apps/web -n demo", Code: 403, Reason: "Forbidden",
				Output: `Error from server (Forbidden): deployments.apps "web" is forbidden: User "bob" cannot delete resource "deployments" in API group "apps" in the namespace "demo"`},
			{Code: 200},
		},
		Steps: []result.Step{
			step("Apply", "alice CREATE deployments demo/web", "Alice sends desired replicas: 3 through the Kubernetes API.", deployment("3", ""), created),
			step("Authenticate", "apiserver AUTHENTICATE alice", "The API server establishes Alice's identity.", nil,
				trace.Event{Time: at(1), From: api, Verb: trace.Authenticate, Name: "alice"}),
			step("Authorize", "apiserver AUTHORIZE deployments demo/web", "The authorizer allows this specific create operation.", nil,
				ev(1, api, "", trace.Authorize, "deployments", "demo", "web")),
			step("Admission", "apiserver ADMIT deployments demo/web", "Applicable mutating then validating admission runs before persistence.", nil, admit),
			step("Store desired state", "apiserver PERSIST deployments demo/web", "The accepted Deployment spec is durable. No web container is implied yet.", deployment("3", ""),
				ev(3, api, trace.Etcd, trace.Persist, "deployments", "demo", "web")),
			step("Observe Deployment", "apiserver NOTIFY deployments demo/web", "The Deployment controller observes the new desired object.", nil,
				trace.Event{Time: at(100), From: api, To: "deployment-controller", Verb: trace.Notify, WatchType: trace.Added, Resource: "deployments", Namespace: "demo", Name: "web"}),
			step("Create ReplicaSet", "deployment-controller CREATE replicasets demo/*", "Deployment reconciliation creates a ReplicaSet for the Pod template.", nil,
				ev(200, "deployment-controller", api, trace.Create, "replicasets", "demo", "web-7c9d4")),
			step("Create Pods", "replicaset-controller CREATE pods demo/* x3", "ReplicaSet reconciliation creates three Pod API objects.", pod("web-a", ""),
				ev(300, "replicaset-controller", api, trace.Create, "pods", "demo", "web-a"),
				ev(301, "replicaset-controller", api, trace.Create, "pods", "demo", "web-b"),
				ev(302, "replicaset-controller", api, trace.Create, "pods", "demo", "web-c")),
			step("Select Nodes", "scheduler FILTER pods demo/*", "Scheduler filters and scores candidate Nodes; it does not start containers.", nil,
				ev(400, trace.Scheduler, "", trace.Filter, "pods", "demo", "web-a")),
			step("Bind Pods", "scheduler CREATE pods/binding demo/* x3", "Scheduler records its placement decision through the API.", pod("web-a", "worker-a"),
				binding(500, "web-a"), binding(501, "web-b"), binding(502, "web-c")),
			step("Execute on Node", "apiserver NOTIFY pods demo/web-a", "Kubelet observes the Pod assigned to worker-a, then invokes node-local runtime work.", nil,
				trace.Event{Time: at(600), From: api, To: "kubelet/worker-a", Verb: trace.Notify, WatchType: trace.Added, Resource: "pods", Namespace: "demo", Name: "web-a"}),
			step("Pull the image", "kubelet/worker-a CRI.PullImage", "The kubelet asks its runtime to pull web:v1.", nil,
				trace.Event{Time: at(700), From: "kubelet/worker-a", To: "runtime/worker-a", Verb: trace.CRIPullImage, Detail: "web:v1"}),
			step("Start containers", "kubelet/worker-a CRI.StartContainer", "The runtime starts containers under kubelet's node-local reconciliation.", nil,
				trace.Event{Time: at(2700), From: "kubelet/worker-a", To: "runtime/worker-a", Verb: trace.CRIStartContainer}),
			step("Report status", "kubelet/worker-a PATCH pods/status demo/web-a", "Kubelets report Pod conditions through the API.", pod("web-a", "worker-a"), status),
			step("Converge", "deployment-controller UPDATE deployments/status demo/web", "Controllers see observed availability reach three in this fixture.", deployment("3", "3"), dstatus),
		},
		Claims: []result.Claim{
			{Text: "never scheduler -> kubelet", OK: true},
			{Text: "deployment demo/web .status.readyReplicas == 3", OK: true},
		},
		End: at(9500),
	}
}

// fixtureFailedScenario has an unmatched step, a failed claim and a
// broken scheduler from its second step on.
func fixtureFailedScenario() *result.Scenario {
	s := fixtureScenario()
	s.ID = "kill-scheduler"
	s.Title = "Kill the scheduler"
	s.Steps = s.Steps[:3]
	s.Steps[1].Broken = []string{"scheduler"}
	s.Steps[2].Broken = []string{"scheduler"}
	s.Steps = append(s.Steps, result.Step{Title: "Bind Pods", Pattern: "scheduler CREATE pods/binding demo/*", Say: "Nothing binds.",
		Broken: []string{"scheduler"}, Nearest: []trace.Event{ev(300, "replicaset-controller", trace.APIServer, trace.Create, "pods", "demo", "web-a")}})
	s.Claims = []result.Claim{{Text: "count pods demo app=web == 3", Pos: "lessons/01-actors/01-who-talks.md:42:7", Expected: "== 3", Observed: "0",
		Evidence: []string{"no pods in demo"}}}
	return s
}
