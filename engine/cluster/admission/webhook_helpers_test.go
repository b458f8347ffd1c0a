package admission

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// webhookConfig is a Mutating- or ValidatingWebhookConfiguration.
func webhookConfig(kind, name string, hooks ...map[string]any) *object.Object {
	o := object.New("admissionregistration.k8s.io/v1", kind)
	o.Meta.Name = name
	o.Meta.ResourceVersion = "1"
	l := make([]any, len(hooks))
	for i, h := range hooks {
		l[i] = h
	}
	o.Content["webhooks"] = l
	return o
}

// hook is a webhook on Pod creation served by Service webhooks/policy at
// /validate; extra replaces or adds fields.
func hook(name string, extra map[string]any) map[string]any {
	h := map[string]any{
		"name": name,
		"clientConfig": map[string]any{"service": map[string]any{
			"namespace": "webhooks", "name": "policy", "path": "/validate"}},
		"rules": []any{map[string]any{
			"operations": []any{"CREATE"}, "apiGroups": []any{""}, "apiVersions": []any{"v1"}, "resources": []any{"pods"}}},
		"sideEffects":             "None",
		"admissionReviewVersions": []any{"v1"},
	}
	for k, v := range extra {
		h[k] = v
	}
	return h
}

// recordCalls answers reviews with answer and records the webhooks called.
func (c *cluster) recordCalls(answer func(t Target, r *Review) (*ReviewResponse, error)) *[]string {
	var calls []string
	c.caller = func(t Target, r *Review) (*ReviewResponse, error) {
		calls = append(calls, t.Webhook)
		return answer(t, r)
	}
	return &calls
}

// allow answers every review with allowed: true.
func allow(_ Target, r *Review) (*ReviewResponse, error) { return r.Allow(), nil }
