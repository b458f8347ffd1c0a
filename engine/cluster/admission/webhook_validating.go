package admission

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// Audit annotation prefixes of webhook/validating/dispatcher.go.
const (
	ValidatingAuditAnnotationPrefix              = "validating.webhook.admission.k8s.io/"
	ValidatingAuditAnnotationFailedOpenKeyPrefix = "failed-open." + ValidatingAuditAnnotationPrefix
)

// ValidatingWebhook is the ValidatingAdmissionWebhook plugin
// (k8s.io/apiserver/pkg/admission/plugin/webhook/validating/dispatcher.go).
// In the validating phase it calls every validating webhook whose
// selectors and rules match, all of them even when one denies, and
// returns the first failure in configuration order (Kubernetes calls them
// in parallel and returns the first to arrive). Denials and call failures
// read as for MutatingWebhook; under failurePolicy Ignore a failed call
// adds the audit annotation
// failed-open.validating.webhook.admission.k8s.io/round_0_index_N.
type ValidatingWebhook struct{ src webhookSource }

var _ api.AdmissionPlugin = (*ValidatingWebhook)(nil)

// NewValidatingWebhook returns the plugin. It panics if cfg.Log is set
// without cfg.Now.
func NewValidatingWebhook(cfg Config, o WebhookOptions) *ValidatingWebhook {
	return &ValidatingWebhook{src: webhookSource{WebhookOptions: o, rec: newRecorder(cfg)}}
}

// Name is "ValidatingAdmissionWebhook".
func (*ValidatingWebhook) Name() string { return ValidatingAdmissionWebhookName }

// Admit does nothing: the plugin only validates.
func (*ValidatingWebhook) Admit(*api.AdmissionAttributes) *api.Status { return nil }

// Validate calls the validating webhooks.
func (v *ValidatingWebhook) Validate(a *api.AdmissionAttributes) *api.Status {
	if exemptFromWebhooks(a) {
		return nil
	}
	hooks := v.src.webhooks()
	var relevant []*invocation
	for i := range hooks {
		inv, st := v.src.shouldCall(&hooks[i], a)
		if st != nil {
			return st
		}
		if inv != nil {
			inv.index = i
			relevant = append(relevant, inv)
		}
	}
	var first *api.Status
	for _, inv := range relevant {
		h := inv.hook
		r := v.src.call(a, inv)
		var st *api.Status
		switch {
		case r.failure != "" && h.FailurePolicy == "Ignore":
			a.AddAuditAnnotation(fmt.Sprintf("%sround_0_index_%d", ValidatingAuditAnnotationFailedOpenKeyPrefix, inv.index), h.Name)
		case r.failure != "":
			st = failClosed(h.Name, r.failure)
		default:
			st = r.status
		}
		if first == nil {
			first = st
		}
	}
	return first
}
