package admission

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// The names of the plugins this package provides.
const (
	NamespaceLifecycleName         = "NamespaceLifecycle"
	ServiceAccountName             = "ServiceAccount"
	PriorityName                   = "Priority"
	DefaultTolerationSecondsName   = "DefaultTolerationSeconds"
	MutatingAdmissionWebhookName   = "MutatingAdmissionWebhook"
	ValidatingAdmissionWebhookName = "ValidatingAdmissionWebhook"
)

// OrderedPlugins returns every admission plugin kube-apiserver knows, in
// the order it runs them: AllOrderedPlugins in
// k8s.io/kubernetes/pkg/kubeapiserver/options/plugins.go. Webhooks,
// ResourceQuota and AlwaysDeny come last.
func OrderedPlugins() []string {
	return []string{
		"AlwaysAdmit", "NamespaceAutoProvision", NamespaceLifecycleName, "NamespaceExists",
		"LimitPodHardAntiAffinityTopology", LimitRangerName, ServiceAccountName, "NodeRestriction",
		"TaintNodesByCondition", "AlwaysPullImages", "ImagePolicyWebhook", "PodSecurity",
		"PodNodeSelector", PriorityName, DefaultTolerationSecondsName, "PodTolerationRestriction",
		"EventRateLimit", "ExtendedResourceToleration", DefaultStorageClassName,
		StorageObjectInUseProtectionName, "PodGroupProtection", "OwnerReferencesPermissionEnforcement",
		"PersistentVolumeClaimResize", "RuntimeClass", "CertificateApproval", "CertificateSigning",
		"ClusterTrustBundleAttest", "CertificateSubjectRestriction", DefaultIngressClassName,
		"DenyServiceExternalIPs", "PodTopologyLabels", "PodGroupWorkloadExists",
		"NodeDeclaredFeatureValidator", "JobValidation", "PodResizeValidator",
		"MutatingAdmissionPolicy", MutatingAdmissionWebhookName, "ValidatingAdmissionPolicy",
		ValidatingAdmissionWebhookName, "ResourceQuota", "AlwaysDeny",
	}
}

// SortPlugins orders plugins as kube-apiserver runs them (OrderedPlugins).
// Plugins with names kube-apiserver does not know keep their relative
// order and run after the known ones that precede the webhooks, as
// kube-apiserver's rule "new admission plugins should generally be
// inserted above here" places them.
func SortPlugins(plugins []api.AdmissionPlugin) []api.AdmissionPlugin {
	names := OrderedPlugins()
	unknown := slices.Index(names, "MutatingAdmissionPolicy")
	rank := func(p api.AdmissionPlugin) int {
		if i := slices.Index(names, p.Name()); i >= 0 {
			if i >= unknown {
				return i + 1
			}
			return i
		}
		return unknown
	}
	out := slices.Clone(plugins)
	slices.SortStableFunc(out, func(x, y api.AdmissionPlugin) int { return rank(x) - rank(y) })
	return out
}
