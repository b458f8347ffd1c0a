package auth

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// BenchmarkAuthorize measures one authorization through the default chain
// over the bootstrap policy and the fixture's bindings (about 50 roles
// and 50 bindings), as the API server runs it on every request.
func BenchmarkAuthorize(b *testing.B) {
	authz := NewDefaultAuthorizer(fixturePolicy(), fixturePods())
	cases := []struct {
		name  string
		attrs api.Attributes
		want  api.Decision
	}{
		{"rolebinding allow", request(who("alice", "developers"), "POST", "/apis/apps/v1/namespaces/demo/deployments", "", false), api.DecisionAllow},
		{"denied", request(who("bob"), "POST", "/apis/apps/v1/namespaces/demo/deployments", "", false), api.DecisionNoOpinion},
		{"controller allow", request(saUser("kube-system", ControllerReplicaSet), "POST", "/api/v1/namespaces/demo/pods", "", false), api.DecisionAllow},
		{"informer list", request(who(UserKubeControllerManager), "GET", "/api/v1/pods", "", true), api.DecisionAllow},
		{"node lease", request(nodeUser("worker-a"), "PUT", "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-a", "", false), api.DecisionAllow},
		{"system:masters", request(who("admin", api.GroupMasters), "GET", "/api/v1/nodes", "", false), api.DecisionAllow},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			if d, reason := authz.Authorize(c.attrs); d != c.want {
				b.Fatalf("got %v (%q), want %v", d, reason, c.want)
			}
			b.ReportAllocs()
			for b.Loop() {
				authz.Authorize(c.attrs)
			}
		})
	}
}

func BenchmarkAuthenticate(b *testing.B) {
	a, err := NewAuthenticator(Config{Users: []User{{Name: "alice"}}})
	if err != nil {
		b.Fatal(err)
	}
	tok := a.IssueServiceAccountToken("demo", "builder", "", "", "", 0)
	b.ReportAllocs()
	for b.Loop() {
		a.AuthenticateToken("token-alice")
		a.AuthenticateToken(tok)
	}
}
