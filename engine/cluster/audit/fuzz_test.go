package audit

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// FuzzDecode: any text decodes to a policy or PolicyErrors, never a panic,
// and a decoded policy evaluates any request.
func FuzzDecode(f *testing.F) {
	f.Add("apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n  - level: Metadata\n")
	f.Add("apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n  - level: None\n    nonResourceURLs: [\"/healthz*\"]\n  - level: Request\n    resources: [{group: \"\", resources: [\"pods/*\"], resourceNames: [a]}]\n")
	f.Add("rules: [\n")
	f.Add("- a\n- b\n")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := Decode([]byte(text))
		if err != nil {
			if _, ok := err.(PolicyErrors); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		p.Evaluate(&api.UserInfo{Name: "a", Groups: []string{"g"}}, &api.RequestInfo{IsResourceRequest: true, Verb: "get", Resource: "pods", Subresource: "log"})
		p.Evaluate(nil, &api.RequestInfo{Path: "/healthz", Verb: "get"})
	})
}
