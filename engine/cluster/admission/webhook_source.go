package admission

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// WebhookOptions is what the webhook plugins read and call.
type WebhookOptions struct {
	// Configs lists the webhook configurations; nil means none.
	Configs WebhookConfigs
	// Namespaces resolves namespaceSelectors.
	Namespaces Namespaces
	// Caller delivers the reviews.
	Caller Caller
	// NewUID names each AdmissionReview (see UIDFunc). Required when a
	// webhook is called.
	NewUID func() string
	// Registry finds a resource's other versions for matchPolicy
	// Equivalent; nil matches rules exactly.
	Registry *object.Registry
}

// webhookSource turns the configurations of one kind into the flat,
// ordered list of webhooks the dispatchers walk, re-parsing only when a
// configuration changed.
type webhookSource struct {
	WebhookOptions
	mutating bool
	rec      recorder
	seen     []configVersion
	hooks    []Webhook
}

type configVersion struct {
	obj *object.Object
	rv  string
}

// webhooks returns every webhook of every configuration, configurations
// sorted by name (as kube-apiserver's mutating_webhook_manager.go and
// validating_webhook_manager.go sort them), webhooks in their order.
func (s *webhookSource) webhooks() []Webhook {
	if s.Configs == nil {
		return nil
	}
	mutating, validating := s.Configs.WebhookConfigs()
	configs := validating
	if s.mutating {
		configs = mutating
	}
	if len(configs) == 0 {
		return nil
	}
	if s.unchanged(configs) {
		return s.hooks
	}
	s.seen = s.seen[:0]
	for _, c := range configs {
		s.seen = append(s.seen, configVersion{c, c.Meta.ResourceVersion})
	}
	sorted := slices.Clone(configs)
	slices.SortStableFunc(sorted, func(x, y *object.Object) int { return strings.Compare(x.Meta.Name, y.Meta.Name) })
	s.hooks = s.hooks[:0]
	for _, c := range sorted {
		s.hooks = append(s.hooks, ParseWebhooks(c)...)
	}
	return s.hooks
}

func (s *webhookSource) unchanged(configs []*object.Object) bool {
	if len(configs) != len(s.seen) {
		return false
	}
	for i, c := range configs {
		if s.seen[i].obj != c || s.seen[i].rv != c.Meta.ResourceVersion {
			return false
		}
	}
	return true
}
