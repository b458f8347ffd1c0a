package result

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func TestLine(t *testing.T) {
	tests := []struct {
		ev   trace.Event
		want string
	}{
		{trace.Event{Time: sim.Time(1500 * time.Millisecond), From: "alice", To: "apiserver", Verb: trace.Create, Group: "apps", Resource: "deployments", Namespace: "demo", Name: "web", Outcome: trace.Outcome{Code: 201}},
			"1.500s alice -> apiserver CREATE deployments.apps demo/web => 201"},
		{trace.Event{From: "apiserver", Verb: trace.Authorize, Resource: "deployments", Namespace: "demo", Outcome: trace.Outcome{Code: 403, Reason: "Forbidden"}},
			"0.000s apiserver AUTHORIZE deployments demo => 403 Forbidden"},
		{trace.Event{From: "apiserver", To: "scheduler", Verb: trace.Notify, WatchType: trace.Added, Resource: "pods", Namespace: "demo", Name: "web-x"},
			"0.000s apiserver -> scheduler NOTIFY ADDED pods demo/web-x"},
	}
	for i, tt := range tests {
		got := Line(&tt.ev)
		if got != tt.want {
			t.Errorf("%d: Line = %q, want %q", i, got, tt.want)
		}
	}
	if got := OutcomeText(trace.Outcome{Reason: "ErrImagePull"}); got != "failed ErrImagePull" {
		t.Errorf("OutcomeText = %q", got)
	}
}

func TestMapID(t *testing.T) {
	for actor, want := range map[string]string{
		"deployment-controller":          "controller-manager",
		"generic-garbage-collector":      "controller-manager",
		"controller-manager-2":           "controller-manager",
		"scheduler":                      "scheduler",
		"kubelet/worker-a":               "kubelet/worker-a",
		"alice":                          "alice",
		"metrics-server.kube-system.svc": "metrics-server",
		"service-controller":             "cloud-controller-manager",
		"gateway-controller":             "gateway-controller",
	} {
		if got := MapID(actor); got != want {
			t.Errorf("MapID(%q) = %q, want %q", actor, got, want)
		}
	}
}
