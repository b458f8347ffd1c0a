package auth

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// TestRBACDecisionsOnCollision asks, in turn, requests whose decisions
// share a slot (their hashed bytes are alike) and differ: each replaces
// the other in the table and neither is taken for the other, whether they
// differ in the resource or, for a rule naming resources, in the name.
func TestRBACDecisionsOnCollision(t *testing.T) {
	src := NewPolicySet(
		binding("demo", "reader", "Role", "reader", group("readers")),
		role("demo", "reader",
			PolicyRule{Verbs: []string{"get"}, Resources: []string{"pods"}, APIGroups: []string{""}},
			PolicyRule{Verbs: []string{"get"}, Resources: []string{"leases"}, APIGroups: []string{""}, ResourceNames: []string{"web-1"}}))
	r := NewRBAC(src)
	reader := who("r", "readers")
	pods := request(reader, "GET", "/api/v1/namespaces/demo/pods/a", "", false)
	pxds := request(reader, "GET", "/api/v1/namespaces/demo/pxds/a", "", false)
	mine := request(reader, "GET", "/api/v1/namespaces/demo/leases/web-1", "", false)
	theirs := request(reader, "GET", "/api/v1/namespaces/demo/leases/wxb-1", "", false)
	if api.MemoHash(reader, &pods.RequestInfo) != api.MemoHash(reader, &pxds.RequestInfo) ||
		api.MemoHashWithName(api.MemoHash(reader, &mine.RequestInfo), mine.Name) != api.MemoHashWithName(api.MemoHash(reader, &theirs.RequestInfo), theirs.Name) {
		t.Fatal("the requests no longer share slots; pick ones that do")
	}
	for round := range 3 {
		for _, q := range []struct {
			a    api.Attributes
			want api.Decision
		}{
			{pods, api.DecisionAllow},
			{pxds, api.DecisionNoOpinion},
			{mine, api.DecisionAllow},
			{theirs, api.DecisionNoOpinion},
		} {
			if d, _ := r.Authorize(q.a); d != q.want {
				t.Errorf("round %d, GET %s: got %v, want %v", round, q.a.Path, d, q.want)
			}
		}
	}
}
