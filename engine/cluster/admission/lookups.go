package admission

import "github.com/loopbook/loopbook/engine/cluster/object"

// Namespaces reads Namespace objects for NamespaceLifecycle and webhook
// namespace selectors. The API server implements it over its storage.
type Namespaces interface {
	// Namespace returns the stored Namespace called name, or nil when
	// there is none. The object belongs to the caller's storage: admission
	// only reads it.
	Namespace(name string) *object.Object
}

// NamespacesFunc adapts a function to Namespaces.
type NamespacesFunc func(name string) *object.Object

// Namespace calls f.
func (f NamespacesFunc) Namespace(name string) *object.Object { return f(name) }

// ServiceAccounts reads ServiceAccount objects for the ServiceAccount
// plugin.
type ServiceAccounts interface {
	// ServiceAccount returns the stored ServiceAccount, or nil.
	ServiceAccount(namespace, name string) *object.Object
}

// ServiceAccountsFunc adapts a function to ServiceAccounts.
type ServiceAccountsFunc func(namespace, name string) *object.Object

// ServiceAccount calls f.
func (f ServiceAccountsFunc) ServiceAccount(namespace, name string) *object.Object {
	return f(namespace, name)
}

// WebhookConfigs reads the admission webhook configurations.
type WebhookConfigs interface {
	// WebhookConfigs returns the MutatingWebhookConfiguration and
	// ValidatingWebhookConfiguration objects. The plugins run them sorted
	// by name, as kube-apiserver's configuration managers do, whatever
	// order they come in.
	WebhookConfigs() (mutating, validating []*object.Object)
}

// WebhookConfigsFunc adapts a function to WebhookConfigs.
type WebhookConfigsFunc func() (mutating, validating []*object.Object)

// WebhookConfigs calls f.
func (f WebhookConfigsFunc) WebhookConfigs() (mutating, validating []*object.Object) { return f() }
