package scenario

import (
	"strings"
	"testing"
)

// A DaemonSet applied in a run turns the DaemonSet controller on: one Pod
// per worker, bound by the scheduler, and `kubectl get ds` prints the
// counts.
func TestScenarioRunsADaemonSet(t *testing.T) {
	res, err := RunScenario(parseScenario(t, `id: run-a-daemonset
title: A DaemonSet covers the Nodes
cluster: two-workers
run:
  - as: alice
    apply: |
      apiVersion: apps/v1
      kind: DaemonSet
      metadata: {name: agent, namespace: demo}
      spec:
        selector: {matchLabels: {app: agent}}
        template:
          metadata: {labels: {app: agent}}
          spec: {containers: [{name: agent, image: "web:v1"}]}
  - until: daemonset demo/agent .status.numberAvailable == 2
    limit: 2m
  - id: get
    as: alice
    get: daemonset demo/agent
steps:
  - title: Create the Pods
    expect: daemonset-controller CREATE pods demo/agent-* x2
  - title: Bind them
    expect: scheduler CREATE pods/binding demo/agent-* x2
  - title: Report status
    expect: daemonset-controller UPDATE daemonsets/status demo/agent
claims:
  - count pods demo app=agent == 2
  - never daemonset-controller -> kubelet/*
  - daemonset demo/agent .status.desiredNumberScheduled == 2
`), twoWorkers(t))
	if err != nil {
		t.Fatal(err)
	}
	wantAllHold(t, res)
	var out string
	for _, r := range res.Responses {
		if r.ID == "get" {
			out = r.Output
		}
	}
	if !strings.Contains(out, "NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE") ||
		!strings.Contains(out, "agent   2         2         2       2            2           <none>") {
		t.Errorf("kubectl get ds printed:\n%s", out)
	}
}
