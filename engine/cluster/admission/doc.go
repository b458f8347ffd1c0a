// Package admission is the API server's admission chain: the built-in
// plugins the model needs and the admission webhooks, run in
// kube-apiserver's order.
//
// A Chain implements api.Admission. Mutate runs every plugin's Admit in
// order and stops at the first rejection; Validate then runs every
// plugin's Validate the same way. The order is kube-apiserver's
// AllOrderedPlugins (k8s.io/kubernetes/pkg/kubeapiserver/options/plugins.go),
// so NewDefault builds
//
//	NamespaceLifecycle, ServiceAccount, Priority, DefaultTolerationSeconds,
//	MutatingAdmissionWebhook, ValidatingAdmissionWebhook
//
// (LimitRanger and ResourceQuota are not modelled). Built-ins read what they
// need through small interfaces (Namespaces, ServiceAccounts,
// PriorityClasses, WebhookConfigs) that the API server implements over its
// storage; webhooks are called through a Caller, the declared interface
// from the API server to a webhook's actor.
//
// Tracing: each phase records one ADMIT event (trace.Event.Phase tells the
// mutating gate from the validating one) from the serving replica, carrying
// the outcome, the fields admission changed and, in Detail, the plugins
// that acted; each webhook call records a WEBHOOK event from the replica to
// the webhook's actor, with its outcome. The API server records its other
// gates itself, not these.
//
// What the chain does not do, by design: reads (get, list, watch) never
// reach admission, and the API server must not call it for them; the chain
// runs synchronously at one virtual instant, so a webhook "timing out after
// 10s" costs no virtual time. Named simplifications: mutating webhooks are
// not reinvoked (reinvocationPolicy IfNeeded is parsed and ignored);
// matchConditions (CEL) are not evaluated, so such webhooks are called
// whenever their rules match; validating webhooks, which Kubernetes calls in
// parallel, are called in configuration order and the first failure by
// that order is returned; objects are not converted between versions for a
// webhook matched through matchPolicy Equivalent.
package admission
