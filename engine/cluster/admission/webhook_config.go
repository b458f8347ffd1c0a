package admission

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Webhook is one entry of a MutatingWebhookConfiguration's or
// ValidatingWebhookConfiguration's webhooks, with the defaults of
// pkg/apis/admissionregistration/v1/defaults.go applied.
type Webhook struct {
	// Name is the webhook's name ("policy.example.com"); messages quote it.
	Name string
	// Configuration is the name of the configuration object holding it.
	Configuration string
	ClientConfig  ClientConfig
	Rules         []Rule
	// FailurePolicy is "Fail" (default) or "Ignore".
	FailurePolicy string
	// MatchPolicy is "Equivalent" (default) or "Exact".
	MatchPolicy       string
	NamespaceSelector object.LabelSelector // default {}: everything
	ObjectSelector    object.LabelSelector // default {}: everything
	// SideEffects is "None", "NoneOnDryRun", "Some" or "Unknown";
	// required, so "" only in objects that skipped validation.
	SideEffects string
	// TimeoutSeconds is 1 to 30; default 10.
	TimeoutSeconds          int64
	AdmissionReviewVersions []string
	// ReinvocationPolicy is "Never" (default) or "IfNeeded"; mutating
	// webhooks only. Parsed, not acted on (see the package doc).
	ReinvocationPolicy string
}

// Rule is a RuleWithOperations: what requests a webhook is called for.
type Rule struct {
	Operations  []string // CREATE, UPDATE, DELETE, CONNECT or *
	APIGroups   []string
	APIVersions []string
	// Resources are "pods", "pods/status", "pods/*", "*/scale", "*" (main
	// resources only) or "*/*".
	Resources []string
	// Scope is "*" (default), "Cluster" or "Namespaced".
	Scope string
}

// ClientConfig says how to reach a webhook: a Service in the cluster or
// a URL.
type ClientConfig struct {
	URL     string
	Service *ServiceReference
}

// ServiceReference names the Service in front of a webhook.
type ServiceReference struct {
	Namespace, Name string
	// Path is the URL path, "" for "/".
	Path string
	// Port defaults to 443.
	Port int64
}

// The webhook defaults (pkg/apis/admissionregistration/v1/defaults.go).
const (
	DefaultFailurePolicy      = "Fail"
	DefaultMatchPolicy        = "Equivalent"
	DefaultTimeoutSeconds     = 10
	DefaultReinvocationPolicy = "Never"
	DefaultServicePort        = 443
)

// ParseWebhooks reads the webhooks of a MutatingWebhookConfiguration or
// ValidatingWebhookConfiguration, applying the defaults a stored object
// already has (so objects that skipped defaulting behave the same).
func ParseWebhooks(config *object.Object) []Webhook {
	items := listOf(config.Content["webhooks"])
	out := make([]Webhook, 0, len(items))
	mutating := config.Kind == "MutatingWebhookConfiguration"
	for _, it := range items {
		m := mapOf(it)
		h := Webhook{
			Name:                    strOf(m["name"]),
			Configuration:           config.Meta.Name,
			ClientConfig:            parseClientConfig(mapOf(m["clientConfig"])),
			FailurePolicy:           orDefault(strOf(m["failurePolicy"]), DefaultFailurePolicy),
			MatchPolicy:             orDefault(strOf(m["matchPolicy"]), DefaultMatchPolicy),
			SideEffects:             strOf(m["sideEffects"]),
			TimeoutSeconds:          DefaultTimeoutSeconds,
			AdmissionReviewVersions: object.StringList(m["admissionReviewVersions"]),
		}
		if n, ok := object.Int(m["timeoutSeconds"]); ok {
			h.TimeoutSeconds = n
		}
		if mutating {
			h.ReinvocationPolicy = orDefault(strOf(m["reinvocationPolicy"]), DefaultReinvocationPolicy)
		}
		h.NamespaceSelector, _ = object.LabelSelectorFrom(m["namespaceSelector"])
		h.ObjectSelector, _ = object.LabelSelectorFrom(m["objectSelector"])
		for _, r := range listOf(m["rules"]) {
			rm := mapOf(r)
			h.Rules = append(h.Rules, Rule{
				Operations:  object.StringList(rm["operations"]),
				APIGroups:   object.StringList(rm["apiGroups"]),
				APIVersions: object.StringList(rm["apiVersions"]),
				Resources:   object.StringList(rm["resources"]),
				Scope:       orDefault(strOf(rm["scope"]), "*"),
			})
		}
		out = append(out, h)
	}
	return out
}

func parseClientConfig(m map[string]any) ClientConfig {
	cc := ClientConfig{URL: strOf(m["url"])}
	if s := mapOf(m["service"]); s != nil {
		ref := &ServiceReference{Namespace: strOf(s["namespace"]), Name: strOf(s["name"]), Path: strOf(s["path"]), Port: DefaultServicePort}
		if p, ok := object.Int(s["port"]); ok && p != 0 {
			ref.Port = p
		}
		cc.Service = ref
	}
	return cc
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
