package admission

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestParseWebhooksDefaults(t *testing.T) {
	cfg := webhookConfig("MutatingWebhookConfiguration", "policy",
		hook("a.example.com", nil),
		hook("b.example.com", map[string]any{
			"failurePolicy": "Ignore", "matchPolicy": "Exact", "timeoutSeconds": int64(3), "reinvocationPolicy": "IfNeeded",
			"clientConfig":      map[string]any{"url": "https://hooks.example.com/mutate"},
			"namespaceSelector": map[string]any{"matchLabels": map[string]any{"env": "prod"}},
		}))
	got := ParseWebhooks(cfg)
	want := []Webhook{
		{Name: "a.example.com", Configuration: "policy",
			ClientConfig:  ClientConfig{Service: &ServiceReference{Namespace: "webhooks", Name: "policy", Path: "/validate", Port: 443}},
			Rules:         []Rule{{Operations: []string{"CREATE"}, APIGroups: []string{""}, APIVersions: []string{"v1"}, Resources: []string{"pods"}, Scope: "*"}},
			FailurePolicy: "Fail", MatchPolicy: "Equivalent", SideEffects: "None", TimeoutSeconds: 10,
			AdmissionReviewVersions: []string{"v1"}, ReinvocationPolicy: "Never"},
		{Name: "b.example.com", Configuration: "policy",
			ClientConfig:  ClientConfig{URL: "https://hooks.example.com/mutate"},
			Rules:         []Rule{{Operations: []string{"CREATE"}, APIGroups: []string{""}, APIVersions: []string{"v1"}, Resources: []string{"pods"}, Scope: "*"}},
			FailurePolicy: "Ignore", MatchPolicy: "Exact", SideEffects: "None", TimeoutSeconds: 3,
			NamespaceSelector:       object.LabelSelector{MatchLabels: map[string]string{"env": "prod"}},
			AdmissionReviewVersions: []string{"v1"}, ReinvocationPolicy: "IfNeeded"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
	// The registry's defaulting agrees with the parser's.
	reg := object.NewBuiltinRegistry()
	k, _ := reg.ByKind("admissionregistration.k8s.io/v1", "MutatingWebhookConfiguration")
	defaulted := cfg.DeepCopy()
	k.Default(defaulted)
	if again := ParseWebhooks(defaulted); !reflect.DeepEqual(again, want) {
		t.Errorf("after registry defaulting: %+v", again)
	}
	if v := ParseWebhooks(webhookConfig("ValidatingWebhookConfiguration", "v", hook("c", nil))); v[0].ReinvocationPolicy != "" {
		t.Errorf("validating webhook has reinvocationPolicy %q", v[0].ReinvocationPolicy)
	}
}

func TestTargetURL(t *testing.T) {
	tests := []struct {
		name  string
		t     Target
		url   string
		actor string
	}{
		{"service with path", Target{ClientConfig: ClientConfig{Service: &ServiceReference{Namespace: "webhooks", Name: "policy", Path: "/validate", Port: 443}}, Timeout: 10e9},
			"https://policy.webhooks.svc:443/validate?timeout=10s", "policy.webhooks.svc"},
		{"service without path", Target{ClientConfig: ClientConfig{Service: &ServiceReference{Namespace: "ns", Name: "hook", Port: 8443}}, Timeout: 30e9},
			"https://hook.ns.svc:8443/?timeout=30s", "hook.ns.svc"},
		{"url", Target{ClientConfig: ClientConfig{URL: "https://hooks.example.com:9443/mutate"}, Timeout: 5e9},
			"https://hooks.example.com:9443/mutate?timeout=5s", "hooks.example.com"},
		{"url without path", Target{ClientConfig: ClientConfig{URL: "https://hooks.example.com"}, Timeout: 1e9},
			"https://hooks.example.com/?timeout=1s", "hooks.example.com"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.t.RequestURL(); got != tt.url {
				t.Errorf("RequestURL = %q, want %q", got, tt.url)
			}
			if got := tt.t.Actor(); string(got) != tt.actor {
				t.Errorf("Actor = %q, want %q", got, tt.actor)
			}
		})
	}
}
