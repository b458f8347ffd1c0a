// Package webhookserver is the admission webhook server of the model: the
// program behind a MutatingWebhookConfiguration's or
// ValidatingWebhookConfiguration's clientConfig. The API server reaches it
// only through the declared admission.Caller interface (traced as WEBHOOK
// by the admission plugins); the server answers each AdmissionReview the
// way a webhook built on controller-runtime does: allowed, allowed with a
// JSON Patch, or denied with a code and a message.
//
// A fixture turns a server on by holding a webhook configuration: each
// Service (or URL host) its webhooks name gets one server, whose actor in
// the trace is the host the API server dials, "NAME.NAMESPACE.svc". What
// the server answers comes from the configuration's annotations (see
// Knobs): without any it allows everything.
//
// Simplifications, named: the server is not a Pod behind its Service (a
// stopped server stands for a Service without ready endpoints), and a
// slow answer does not hold the request for the webhook's timeout in
// virtual time: a delay at or beyond timeoutSeconds fails the call at once
// with the timeout's error.
package webhookserver
