package admission

import (
	"encoding/json"
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Audit annotation prefixes of webhook/mutating/dispatcher.go.
const (
	MutationAuditAnnotationPrefix              = "mutation.webhook.admission.k8s.io/"
	PatchAuditAnnotationPrefix                 = "patch.webhook.admission.k8s.io/"
	MutationAuditAnnotationFailedOpenKeyPrefix = "failed-open." + MutationAuditAnnotationPrefix
)

// MutatingWebhook is the MutatingAdmissionWebhook plugin
// (k8s.io/apiserver/pkg/admission/plugin/webhook/mutating/dispatcher.go).
// In the mutating phase it calls, one after the other in configuration
// order, every mutating webhook whose selectors and rules match, and
// applies each allowed response's JSON patch before calling the next.
//
//   - A denial stops the chain with the webhook's status (see denial).
//   - A failed call stops it with 500 `Internal error occurred: failed
//     calling webhook "NAME": failed to call webhook: Post
//     "https://NAME.NS.svc:443/PATH?timeout=10s": context deadline
//     exceeded` under failurePolicy Fail; under Ignore the chain goes on
//     and the request gets the audit annotation
//     failed-open.mutation.webhook.admission.k8s.io/round_0_index_N.
//   - A patch that does not apply is 500 `Internal error occurred: ERR`;
//     the patched object is defaulted again.
//
// Requests on webhook and admission-policy configurations are never sent
// to webhooks.
type MutatingWebhook struct{ src webhookSource }

var _ Mutator = (*MutatingWebhook)(nil)

// NewMutatingWebhook returns the plugin. It panics if cfg.Log is set
// without cfg.Now.
func NewMutatingWebhook(cfg Config, o WebhookOptions) *MutatingWebhook {
	return &MutatingWebhook{src: webhookSource{WebhookOptions: o, mutating: true, rec: newRecorder(cfg)}}
}

// Name is "MutatingAdmissionWebhook".
func (*MutatingWebhook) Name() string { return MutatingAdmissionWebhookName }

// Validate does nothing: the plugin only admits.
func (*MutatingWebhook) Validate(*api.AdmissionAttributes) *api.Status { return nil }

// Admit calls the mutating webhooks.
func (m *MutatingWebhook) Admit(a *api.AdmissionAttributes) *api.Status {
	return m.AdmitChanges(a, &trace.Change{})
}

// AdmitChanges is Admit, reporting the fields the patches changed.
func (m *MutatingWebhook) AdmitChanges(a *api.AdmissionAttributes, ch *trace.Change) *api.Status {
	if exemptFromWebhooks(a) {
		return nil
	}
	hooks := m.src.webhooks()
	for i := range hooks {
		h := &hooks[i]
		inv, st := m.src.shouldCall(h, a)
		if st != nil {
			return st
		}
		if inv == nil {
			continue
		}
		inv.index = i
		r := m.src.call(a, inv)
		mutated := false
		if r.failure == "" && r.status == nil {
			mutated, r = m.patch(a, inv, r, ch)
		}
		a.AddAuditAnnotation(fmt.Sprintf("%sround_0_index_%d", MutationAuditAnnotationPrefix, i), mutationAnnotation(h, mutated))
		switch {
		case r.failure != "" && h.FailurePolicy == "Ignore":
			a.AddAuditAnnotation(fmt.Sprintf("%sround_0_index_%d", MutationAuditAnnotationFailedOpenKeyPrefix, i), h.Name)
		case r.failure != "":
			return failClosed(h.Name, r.failure)
		case r.status != nil:
			return r.status
		}
	}
	return nil
}

// patch applies an allowed response's patch to the request's object.
func (m *MutatingWebhook) patch(a *api.AdmissionAttributes, inv *invocation, r callResult, ch *trace.Change) (bool, callResult) {
	h, resp := inv.hook, r.resp
	if len(resp.Patch) == 0 {
		return false, r
	}
	if a.Object == nil {
		r.status = internalError(fmt.Sprintf("admission webhook %q attempted to modify the object, which is not supported for this operation", h.Name))
		return false, r
	}
	if resp.PatchType != PatchTypeJSONPatch {
		// The dispatcher's ErrCallingWebhook for any other patch type.
		r.failure = fmt.Sprintf("unsupported patch type %q", resp.PatchType)
		return false, r
	}
	patched, err := patchObject(a, resp.Patch)
	if err != nil {
		r.status = internalError(err.Error())
		return false, r
	}
	changes := diffChanges(a.Object, patched)
	*a.Object = *patched
	appendChanges(ch, changes)
	if js, err := json.Marshal(patchAnnotationValue{Configuration: h.Configuration, Webhook: h.Name, Patch: resp.Patch, PatchType: PatchTypeJSONPatch}); err == nil {
		a.AddAuditAnnotation(fmt.Sprintf("%sround_0_index_%d", PatchAuditAnnotationPrefix, inv.index), string(js))
	}
	return !changes.IsZero(), r
}

// mutationAnnotation is the value of the mutation audit annotation:
// {"configuration":"…","webhook":"…","mutated":false}.
func mutationAnnotation(h *Webhook, mutated bool) string {
	js, _ := json.Marshal(struct {
		Configuration string `json:"configuration"`
		Webhook       string `json:"webhook"`
		Mutated       bool   `json:"mutated"`
	}{h.Configuration, h.Name, mutated})
	return string(js)
}

// patchAnnotationValue is PatchAuditAnnotation.
type patchAnnotationValue struct {
	Configuration string    `json:"configuration"`
	Webhook       string    `json:"webhook"`
	Patch         JSONPatch `json:"patch,omitempty"`
	PatchType     string    `json:"patchType,omitempty"`
}
