package render

import (
	"time"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

func cells(stops, cont, detector, change, loop, traffic, recovery string, evidence ...[]string) []result.Cell {
	labels := []string{"STOPS", "CONTINUES", "FIRST DETECTOR", "API OBJECT CHANGE", "REACTING LOOP", "WORKLOAD TRAFFIC", "RECOVERY CONDITION"}
	author := []string{stops, cont, detector, change, loop, traffic, recovery}
	cs := make([]result.Cell, len(labels))
	for i := range labels {
		cs[i] = result.Cell{Label: labels[i], Author: author[i]}
		if i < len(evidence) {
			cs[i].Evidence = evidence[i]
		}
	}
	return cs
}

func fixtureFailures() *result.Failures {
	return &result.Failures{
		ID:       "break-one-dependency",
		Baseline: "steady-web",
		Map:      fixtureMap(),
		Cases: []result.FaultCase{
			{
				Fault: "crash container demo/web-b", Title: "Crash one container",
				Cells: cells("the web-b container and its readiness", "the Pod object, its identity, API state and other ready backends",
					"kubelet observes the container exit through the runtime", "Pod/web-b status and restartCount; no replacement Pod is created",
					"kubelet on worker-b according to restartPolicy", "web-b leaves ready endpoints until it recovers; healthy backends can continue",
					"the same Pod's container restarts and passes readiness",
					[]string{"runtime/worker-b: container web exited (code 1)"}, []string{"pods demo/web-a, demo/web-c Ready"},
					[]string{"kubelet/worker-b PATCH pods/status demo/web-b at +1.000s"}, []string{".status.containerStatuses[0].restartCount 0 → 1"}),
				FirstStalled: "kubelet/worker-b PATCH pods/status demo/web-b (Ready=True)",
				Served:       18, Failed: 2, Recovered: true, RecoveryTime: 12 * time.Second,
				Broken: []string{"pod/demo/web-b"},
				Commands: []result.Command{
					{Text: "kubectl get pod web-b", Output: "NAME    READY   STATUS    RESTARTS   AGE\nweb-b   0/1     Running   1          5m\n"},
				},
				Claims: []result.Claim{{Text: "unchanged pod demo/web-b .metadata.uid", OK: true}},
			},
			{
				Fault: "kill scheduler",
				Cells: cells("new Pod placement", "API reads, existing bound Pods and running containers", "", "", "", "", "",
					nil, nil, []string{"Pending Pods stay unscheduled"}),
				Served: 20, Recovered: false,
				Broken: []string{"scheduler"},
			},
		},
	}
}

func fixtureWhatif() *result.Whatif {
	w := &result.Whatif{
		ID: "pod-boundaries",
		Inputs: []result.WhatifInput{
			{Label: "cpu request", Options: []string{"fits", "too large"}},
			{Label: "readiness probe", Options: []string{"passes", "fails"}},
		},
		Show: []string{"phase", "conditions", "kubectl get pod -o wide"},
	}
	phases := []string{"Running", "Running", "Pending", "Pending"}
	conds := []string{"PodScheduled=True · Ready=True", "PodScheduled=True · Ready=False", "PodScheduled=False", "PodScheduled=False"}
	lines := []string{
		"NAME    READY   STATUS    RESTARTS   AGE   IP          NODE\nweb-a   1/1     Running   0          10s   10.0.1.4    worker-a",
		"NAME    READY   STATUS    RESTARTS   AGE   IP          NODE\nweb-a   0/1     Running   0          10s   10.0.1.4    worker-a",
		"NAME    READY   STATUS    RESTARTS   AGE   IP       NODE\nweb-a   0/1     Pending   0          10s   <none>   <none>",
		"NAME    READY   STATUS    RESTARTS   AGE   IP       NODE\nweb-a   0/1     Pending   0          10s   <none>   <none>",
	}
	for i := range 4 {
		w.Outcomes = append(w.Outcomes, result.WhatifOutcome{Choice: []int{i / 2, i % 2}, Values: []string{phases[i], conds[i], lines[i]}})
	}
	return w
}

func fixtureGates() *result.Gates {
	stages := []string{"route", "authentication", "priority and fairness", "authorization", "mutating admission", "validation", "validating admission", "persistence"}
	return &result.Gates{
		ID:     "create-gates",
		Stages: stages,
		Variants: []result.GateVariant{
			{Label: "allowed", Passed: len(stages), Code: 201, Stored: true},
			{Label: "bad token", Passed: 1, StoppedAt: "authentication", Code: 401, Reason: "Unauthorized", Message: "Unauthorized"},
			{Label: "no RBAC", Passed: 3, StoppedAt: "authorization", Code: 403, Reason: "Forbidden",
				Message: `deployments.apps is forbidden: User "bob" cannot create resource "deployments" in API group "apps" in the namespace "demo"`},
			{Label: "replicas: three", Passed: 5, StoppedAt: "validation", Code: 422, Reason: "Invalid",
				Message: `Deployment.apps "web" is invalid: spec.replicas: Invalid value: "three": spec.replicas in body must be of type integer`},
		},
	}
}

func fixtureQuiz() *result.Quiz {
	return &result.Quiz{
		ID: "seven-shortcuts", Title: "Check the seven tempting shortcuts",
		Questions: []result.Question{
			{Kind: "myth or fact", Statement: "kubectl is Kubernetes.", Correct: []int{0}, Explain: "kubectl is one API client.",
				Proof: &result.Claim{Text: "never alice -> etcd", OK: true}, ProofScenario: "create-deployment"},
			{Kind: "choice", Statement: "Who records a Pod's Node?", Choices: []string{"the kubelet", "the scheduler", "etcd"}, Correct: []int{1},
				Explain: "The scheduler creates the binding through the API."},
			{Kind: "multiple choice", Statement: "Which talk to the API server?", Choices: []string{"kubelets", "the scheduler", "application Pods' HTTP traffic"},
				Correct: []int{0, 1}, Explain: "Ordinary workload traffic follows the data plane."},
			{Kind: "which actor", Statement: "Which actor starts containers?", Actor: "runtime/worker-a",
				Explain: "The container runtime, asked by the kubelet over CRI."},
		},
	}
}
