package admission

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Deps is what the default chain reads and calls; the API server
// implements the interfaces over its storage.
type Deps struct {
	Namespaces      Namespaces
	ServiceAccounts ServiceAccounts
	// PriorityClasses may be nil: only the system classes exist.
	PriorityClasses PriorityClasses
	// IngressClasses may be nil: no IngressClass exists.
	IngressClasses IngressClasses
	// StorageClasses may be nil: no StorageClass exists.
	StorageClasses StorageClasses
	// LimitRanges may be nil: no LimitRange is applied.
	LimitRanges LimitRanges
	// Quotas may be nil: no ResourceQuota is enforced.
	Quotas Quotas
	// Now is the virtual clock ResourceQuota counts a Pod's grace period
	// by; needed with Quotas.
	Now func() time.Time
	// Webhooks may be nil: no webhook configurations.
	Webhooks WebhookConfigs
	Caller   Caller
	// Registry serves matchPolicy Equivalent; nil matches exactly.
	Registry *object.Registry
	// Rand is the run's seeded generator: token volume names and
	// AdmissionReview UIDs come from it.
	Rand object.Rand
}

// NewDefault returns the chain of kube-apiserver's default-on plugins
// that the model has, in kube-apiserver's order: NamespaceLifecycle,
// LimitRanger, ServiceAccount, Priority, DefaultTolerationSeconds, DefaultIngressClass,
// DefaultStorageClass, StorageObjectInUseProtection,
// PersistentVolumeClaimResize, MutatingAdmissionWebhook, ValidatingAdmissionWebhook, ResourceQuota
// (DefaultOffAdmissionPlugins and AllOrderedPlugins in
// k8s.io/kubernetes/pkg/kubeapiserver/options/plugins.go).
func NewDefault(cfg Config, d Deps) *Chain {
	wo := WebhookOptions{Configs: d.Webhooks, Namespaces: d.Namespaces, Caller: d.Caller, NewUID: UIDFunc(d.Rand), Registry: d.Registry}
	return NewChain(cfg, SortPlugins([]api.AdmissionPlugin{
		NewNamespaceLifecycle(d.Namespaces),
		NewLimitRanger(d.LimitRanges),
		NewServiceAccount(d.ServiceAccounts, GenerateNameFunc(d.Rand)),
		NewPriority(d.PriorityClasses),
		NewDefaultTolerationSeconds(),
		NewDefaultIngressClass(d.IngressClasses),
		NewDefaultStorageClass(d.StorageClasses),
		NewStorageObjectInUseProtection(),
		NewPersistentVolumeClaimResize(d.StorageClasses),
		NewMutatingWebhook(cfg, wo),
		NewValidatingWebhook(cfg, wo),
		NewResourceQuota(d.Quotas, d.Now),
	})...)
}
