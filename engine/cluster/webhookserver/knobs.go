package webhookserver

import (
	"fmt"
	"strconv"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/admission"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Knobs are the annotations of a webhook configuration that say how its
// servers answer; they apply to every webhook of the configuration.
const (
	// KnobAnswer is "allow" (the default), "deny" or "patch".
	KnobAnswer = "webhook.loopbook.dev/answer"
	// KnobMessage is a denial's message.
	KnobMessage = "webhook.loopbook.dev/message"
	// KnobCode is a denial's HTTP code; default DenyCode (403).
	KnobCode = "webhook.loopbook.dev/code"
	// KnobPatch is the JSON Patch a "patch" answer returns:
	// `[{"op": "add", "path": "/metadata/labels/team", "value": "web"}]`.
	KnobPatch = "webhook.loopbook.dev/patch"
	// KnobWhen limits the answer to matching objects (see Condition):
	// `.spec.containers[0].image=*:latest`; the others are allowed.
	KnobWhen = "webhook.loopbook.dev/when"
	// KnobDelay is how long the server takes to answer, as a Go duration
	// ("15s"); at or beyond the webhook's timeoutSeconds the call times
	// out.
	KnobDelay = "webhook.loopbook.dev/delay"
)

// IsConfiguration reports whether o is a MutatingWebhookConfiguration or
// ValidatingWebhookConfiguration.
func IsConfiguration(o *object.Object) bool {
	return o.Group() == "admissionregistration.k8s.io" &&
		(o.Kind == "MutatingWebhookConfiguration" || o.Kind == "ValidatingWebhookConfiguration")
}

// FromObjects builds the servers behind the webhook configurations among
// objs: one per host their webhooks name, each answering as its
// configuration's knobs say. It returns an empty set when objs hold no
// configuration.
func FromObjects(objs []*object.Object) (*Set, error) {
	set := NewSet()
	for _, o := range objs {
		if !IsConfiguration(o) {
			continue
		}
		a, err := AnswerOf(o)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", o.Kind, o.Meta.Name, err)
		}
		for _, h := range admission.ParseWebhooks(o) {
			t := admission.Target{Webhook: h.Name, ClientConfig: h.ClientConfig}
			host := t.Actor()
			srv := set.Server(host)
			if srv == nil {
				service := ""
				if h.ClientConfig.Service != nil {
					service = h.ClientConfig.Service.Name
				}
				srv = New(host, service)
				set.Add(srv)
			}
			srv.Serve(h.Name, a)
		}
	}
	return set, nil
}

// AnswerOf reads the knobs of a webhook configuration.
func AnswerOf(o *object.Object) (Answer, error) {
	ann := o.Meta.Annotations
	var a Answer
	switch v := ann[KnobAnswer]; v {
	case "", "allow":
		a.Verdict = Allow
	case "deny":
		a.Verdict = Deny
	case "patch":
		a.Verdict = Patch
	default:
		return a, fmt.Errorf("%s: %q is not allow, deny or patch", KnobAnswer, v)
	}
	a.Message = ann[KnobMessage]
	if s := ann[KnobCode]; s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 400 || n > 599 {
			return a, fmt.Errorf("%s: %q is not an HTTP error code", KnobCode, s)
		}
		a.Code = n
	}
	if s := ann[KnobPatch]; s != "" {
		p, err := admission.DecodeJSONPatch([]byte(s))
		if err != nil {
			return a, fmt.Errorf("%s: %v", KnobPatch, err)
		}
		a.Patch = p
	}
	if a.Verdict == Patch && len(a.Patch) == 0 {
		return a, fmt.Errorf("%s: patch answers need %s", KnobAnswer, KnobPatch)
	}
	w, err := ParseCondition(ann[KnobWhen])
	if err != nil {
		return a, fmt.Errorf("%s: %v", KnobWhen, err)
	}
	a.When = w
	if s := ann[KnobDelay]; s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d < 0 {
			return a, fmt.Errorf("%s: %q is not a duration", KnobDelay, s)
		}
		a.Delay = d
	}
	return a, nil
}
