package render

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func TestOperation(t *testing.T) {
	tests := []struct {
		ev   trace.Event
		want string
	}{
		{trace.Event{Verb: trace.Create, Group: "apps", Resource: "deployments", Namespace: "demo", Name: "web"}, "CREATE deployments demo/web"},
		{trace.Event{Verb: trace.Create, Resource: "pods", Subresource: "binding", Namespace: "demo", Name: "web-a"}, "CREATE pods/binding demo/web-a"},
		{trace.Event{Verb: trace.Admit, Phase: trace.Validating, Group: "apps", Resource: "deployments", Namespace: "demo", Name: "web"}, "ADMIT (validating) deployments demo/web"},
		{trace.Event{Verb: trace.Notify, WatchType: trace.Modified, Resource: "pods", Namespace: "demo", Name: "web-a"}, "NOTIFY MODIFIED pods demo/web-a"},
		{trace.Event{Verb: trace.Audit, Phase: trace.ResponseComplete, Resource: "secrets", Namespace: "demo", Name: "db"}, "AUDIT ResponseComplete secrets demo/db"},
		{trace.Event{Verb: trace.Authorize, Group: "apps", Resource: "deployments", Namespace: "demo", Name: "web", Outcome: trace.Outcome{Code: 403, Reason: "Forbidden"}}, "AUTHORIZE deployments demo/web → 403 Forbidden"},
	}
	for _, tt := range tests {
		if got := operation(&tt.ev); got != tt.want {
			t.Errorf("operation = %q, want %q", got, tt.want)
		}
	}
}
