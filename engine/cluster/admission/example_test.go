package admission_test

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/admission"
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// A validating webhook that does not answer in time fails a Pod create
// closed, as kube-apiserver does under the default failurePolicy Fail.
func Example_webhookTimeout() {
	reg := object.NewBuiltinRegistry()
	demo := object.New("v1", "Namespace")
	demo.Meta.Name = "demo"
	sa := object.New("v1", "ServiceAccount")
	sa.Meta.Namespace, sa.Meta.Name = "demo", "default"

	policy := object.New("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration")
	policy.Meta.Name = "policy"
	policy.Content["webhooks"] = []any{map[string]any{
		"name":                    "policy.example.com",
		"clientConfig":            map[string]any{"service": map[string]any{"namespace": "webhooks", "name": "policy", "path": "/validate"}},
		"rules":                   []any{map[string]any{"operations": []any{"CREATE"}, "apiGroups": []any{""}, "apiVersions": []any{"v1"}, "resources": []any{"pods"}}},
		"sideEffects":             "None",
		"admissionReviewVersions": []any{"v1"},
	}}

	log := trace.NewLog()
	chain := admission.NewDefault(admission.Config{Log: log, Now: func() sim.Time { return 0 }}, admission.Deps{
		Namespaces:      admission.NamespacesFunc(func(string) *object.Object { return demo }),
		ServiceAccounts: admission.ServiceAccountsFunc(func(string, string) *object.Object { return sa }),
		Webhooks: admission.WebhookConfigsFunc(func() (m, v []*object.Object) {
			return nil, []*object.Object{policy}
		}),
		Caller: admission.CallerFunc(func(t admission.Target, _ *admission.Review) (*admission.ReviewResponse, error) {
			return nil, &admission.TimeoutError{Timeout: t.Timeout} // the webhook is blocked
		}),
		Rand: sim.NewRand(1),
	})

	pod := object.New("v1", "Pod")
	pod.Meta.Namespace, pod.Meta.Name = "demo", "web"
	pod.Content["spec"] = map[string]any{"containers": []any{map[string]any{"name": "web", "image": "nginx"}}}
	kind, _ := reg.ByResource("", "pods")
	a := &api.AdmissionAttributes{
		Attributes: api.Attributes{RequestInfo: api.RequestInfo{APIVersion: "v1", Namespace: "demo", Resource: "pods"}},
		Operation:  api.OpCreate, Kind: kind, Object: pod,
	}
	if st := chain.Mutate(a); st != nil {
		fmt.Println(st.Kubectl())
	}
	if st := chain.Validate(a); st != nil {
		fmt.Println(st.Kubectl())
	}
	for e := range log.All() {
		fmt.Printf("%s %s %s to=%q code=%d reason=%q\n", e.From, e.Verb, e.Phase, e.To, e.Outcome.Code, e.Outcome.Reason)
	}
	// Output:
	// Error from server (InternalError): Internal error occurred: failed calling webhook "policy.example.com": failed to call webhook: Post "https://policy.webhooks.svc:443/validate?timeout=10s": context deadline exceeded
	// apiserver ADMIT mutating to="" code=0 reason=""
	// apiserver WEBHOOK validating to="policy.webhooks.svc" code=0 reason="Timeout"
	// apiserver ADMIT validating to="" code=500 reason="InternalError"
}
