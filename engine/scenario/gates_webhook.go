package scenario

import (
	"net/http"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/admission"
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// webhookSet holds the fixture's webhook configurations that variants
// name, taken out of the base fixture so that only the variant naming one
// has it.
type webhookSet map[string]*object.Object

// isWebhookConfig reports whether o is an admission webhook
// configuration.
func isWebhookConfig(o *object.Object) bool {
	return o.Group() == "admissionregistration.k8s.io" &&
		(o.Kind == "ValidatingWebhookConfiguration" || o.Kind == "MutatingWebhookConfiguration")
}

// hookNames are the names of a configuration's webhooks.
func hookNames(o *object.Object) []string {
	var out []string
	for _, h := range listMaps(o.Content["webhooks"]) {
		if n, _ := h["name"].(string); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// listMaps returns the map elements of a list value.
func listMaps(v any) []map[string]any {
	l, _ := v.([]any)
	var out []map[string]any
	for _, e := range l {
		if m, ok := e.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// withoutWebhooks returns cfg without the webhook configurations that a
// variant names (by the configuration's name or one of its webhooks'),
// and those configurations by the name the variant wrote.
func withoutWebhooks(cfg cluster.Config, vs []spec.Variant) (cluster.Config, webhookSet) {
	set := webhookSet{}
	var keep []*object.Object
	for _, o := range cfg.Objects {
		named := ""
		for _, v := range vs {
			w := v.Webhook.Value
			if v.Webhook.IsSet() && isWebhookConfig(o) && (o.Meta.Name == w || slices.Contains(hookNames(o), w)) {
				named = w
			}
		}
		if named == "" {
			keep = append(keep, o)
			continue
		}
		set[named] = o
	}
	cfg.Objects = keep
	return cfg, set
}

// install returns the webhook configuration a variant installs: the
// fixture's, or else a validating webhook called NAME.example.com that
// matches the request's resource (see denyingWebhook). It returns nil
// for a variant without a webhook.
func (s webhookSet) install(v *spec.Variant, k *object.KindInfo) *object.Object {
	if !v.Webhook.IsSet() {
		return nil
	}
	if o, ok := s[v.Webhook.Value]; ok {
		return o.DeepCopy()
	}
	return denyingWebhook(v.Webhook.Value, k)
}

// denyingWebhook is a ValidatingWebhookConfiguration called name with one
// webhook that matches creates and updates of k's resource and fails
// closed; its backend is the gate's denying caller.
func denyingWebhook(name string, k *object.KindInfo) *object.Object {
	hook := name
	if strings.Count(hook, ".") < 2 {
		hook += ".example.com"
	}
	o := object.New("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration")
	o.Meta.Name = name
	o.Content["webhooks"] = []any{map[string]any{
		"name":                    hook,
		"clientConfig":            map[string]any{"service": map[string]any{"namespace": "kube-system", "name": name}},
		"rules":                   []any{map[string]any{"apiGroups": []any{k.Group}, "apiVersions": []any{k.Version}, "operations": []any{"CREATE", "UPDATE"}, "resources": []any{k.Resource}}},
		"failurePolicy":           "Fail",
		"sideEffects":             "None",
		"admissionReviewVersions": []any{"v1"},
	}}
	return o
}

// denyWebhooks answers the reviews of the named webhooks with a denial, as
// a policy webhook does (allowed: false, 403, a message naming the
// policy); calls to other webhooks find no endpoints, as with no webhook
// actor.
// The map holds, for each webhook name, the configuration it belongs to.
type denyWebhooks map[string]string

// denyAll denies the reviews of every webhook of a configuration.
func denyAll(config *object.Object) denyWebhooks {
	d := denyWebhooks{}
	for _, h := range hookNames(config) {
		d[h] = config.Meta.Name
	}
	return d
}

// Call implements admission.Caller.
func (d denyWebhooks) Call(t admission.Target, r *admission.Review) (*admission.ReviewResponse, error) {
	policy, ok := d[t.Webhook]
	if !ok {
		return nil, admission.NoEndpoints(string(t.Actor()))
	}
	resp := r.Deny(http.StatusForbidden, "denied by policy "+policy)
	resp.Result.Reason = api.ReasonForbidden
	return resp, nil
}
