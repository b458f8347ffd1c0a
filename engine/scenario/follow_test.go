package scenario

import (
	"strings"
	"testing"
)

// A client that polls makes a request every period; one that watches
// makes two over the same time, and hears of every change.
func TestPollAgainstWatch(t *testing.T) {
	s := parseScenario(t, `id: follow
title: Poll or watch
cluster: two-workers
run:
  - as: alice
    apply: |
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web, namespace: demo}
      spec:
        replicas: 2
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec: {containers: [{name: web, image: "web:v1"}]}
  - until: deployment demo/web .status.readyReplicas == 2
  - id: poll
    as: alice
    poll: pods demo
    every: 10s
    for: 5m
  - id: watch
    as: alice
    watch: pods demo
    for: 5m
claims:
  - events alice LIST pods demo/* == 31
  - events alice WATCH pods demo/* == 1
  - response poll .code == 200
  - events alice LIST pods demo/* < 5
  - count pods demo app=web == 2 after poll
`)
	res, err := RunScenario(s, twoWorkers(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []bool{true, true, true, false, true}
	for i, c := range res.Claims {
		if c.OK != want[i] {
			t.Errorf("%s: ok %v, want %v (expected %s, observed %s)", c.Text, c.OK, want[i], c.Expected, c.Observed)
		}
	}
	poll, watch := res.Responses[1], res.Responses[2]
	if !strings.HasPrefix(poll.Message, "polled pods: 30 requests") || !strings.HasPrefix(watch.Message, "watched pods: 2 requests") {
		t.Errorf("responses: %q, %q", poll.Message, watch.Message)
	}
	t.Logf("%s | %s", poll.Message, watch.Message)
}
