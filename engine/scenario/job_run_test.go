package scenario

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// jobScenario applies a Job in its run: the run turns the Job controller
// on, and the steps and claims find its work.
const jobScenario = `id: run-a-job
title: A Job runs to completion
cluster: two-workers
run:
  - id: create-pi
    as: alice
    apply: |
      apiVersion: batch/v1
      kind: Job
      metadata: {name: pi, namespace: demo}
      spec:
        completions: 2
        template:
          spec:
            restartPolicy: Never
            containers: [{name: pi, image: "pi:v1"}]
  - until: job demo/pi .status.succeeded == 2
    limit: 2m
steps:
  - title: Create the Job
    expect: alice CREATE jobs demo/pi
  - title: Create a Pod
    expect: job-controller CREATE pods demo/pi-*
  - title: Count it
    expect: job-controller UPDATE jobs/status demo/pi
  - title: Release it
    expect: job-controller PATCH pods demo/pi-* x2
claims:
  - job demo/pi .status.conditions[type=Complete].status == True
  - count pods demo job-name=pi == 2
  - pod demo job-name=pi .status.phase == Succeeded
  - response create-pi .code == 201
`

// A Job applied by a run is run by the Job controller, which the run's
// manifests turned on.
func TestScenarioRunsAJob(t *testing.T) {
	cfg := twoWorkers(t)
	cfg.Images["pi:v1"] = runtime.Image{PullDuration: time.Second, Exits: true, ExitAfter: 2 * time.Second}
	res, err := RunScenario(parseScenario(t, jobScenario), cfg)
	if err != nil {
		t.Fatal(err)
	}
	wantAllHold(t, res)
}

// A CronJob applied by a run is run too: its controller makes a Job at
// the next minute, which the Job controller runs.
func TestScenarioRunsACronJob(t *testing.T) {
	cfg := twoWorkers(t)
	cfg.Images["pi:v1"] = runtime.Image{PullDuration: time.Second, Exits: true, ExitAfter: 2 * time.Second}
	res, err := RunScenario(parseScenario(t, `id: run-a-cronjob
title: A CronJob makes a Job
cluster: two-workers
run:
  - as: alice
    apply: |
      apiVersion: batch/v1
      kind: CronJob
      metadata: {name: tick, namespace: demo}
      spec:
        schedule: "*/1 * * * *"
        jobTemplate:
          spec:
            template:
              spec:
                restartPolicy: Never
                containers: [{name: pi, image: "pi:v1"}]
  - until: cronjob demo/tick .status.lastSuccessfulTime exists
    limit: 3m
steps:
  - title: Make the Job
    expect: cronjob-controller CREATE jobs demo/tick-*
  - title: Run its Pod
    expect: job-controller CREATE pods demo/tick-*
claims:
  - count jobs demo == 1
`), cfg)
	if err != nil {
		t.Fatal(err)
	}
	wantAllHold(t, res)
}
