package auth

import "sort"

// The builders below write bootstrap rules the way
// pkg/apis/rbac/v1/helpers.go's PolicyRuleBuilder does: verbs deduplicated
// and every list sorted, so the objects read like the API server's.

// rule starts a rule granting verbs.
func rule(verbs ...string) PolicyRule { return PolicyRule{Verbs: sortedSet(verbs)} }

func (r PolicyRule) groups(g ...string) PolicyRule    { r.APIGroups = sortedSet(g); return r }
func (r PolicyRule) resources(s ...string) PolicyRule { r.Resources = sortedSet(s); return r }
func (r PolicyRule) names(s ...string) PolicyRule     { r.ResourceNames = sortedSet(s); return r }
func (r PolicyRule) urls(s ...string) PolicyRule      { r.NonResourceURLs = sortedSet(s); return r }

// sortedSet returns the distinct strings of in, sorted. The empty group ""
// sorts first.
func sortedSet(in []string) []string {
	out := append([]string(nil), in...)
	sort.Strings(out)
	n := 0
	for i, s := range out {
		if i > 0 && s == out[n-1] {
			continue
		}
		out[n] = s
		n++
	}
	return out[:n]
}

// The verb sets of bootstrappolicy/policy.go (Read, Write, ReadWrite,
// ReadUpdate), as functions so that nothing package-level can be changed.
func read() []string       { return []string{"get", "list", "watch"} }
func write() []string      { return []string{"create", "update", "patch", "delete", "deletecollection"} }
func readWrite() []string  { return append(read(), write()...) }
func readUpdate() []string { return append(read(), "update", "patch") }

// The API groups the bootstrap rules name (bootstrappolicy/policy.go).
const (
	legacyGroup         = ""
	appsGroup           = "apps"
	authenticationGroup = "authentication.k8s.io"
	authorizationGroup  = "authorization.k8s.io"
	autoscalingGroup    = "autoscaling"
	batchGroup          = "batch"
	certificatesGroup   = "certificates.k8s.io"
	coordinationGroup   = "coordination.k8s.io"
	discoveryGroup      = "discovery.k8s.io"
	extensionsGroup     = "extensions"
	policyGroup         = "policy"
	resourceGroup       = "resource.k8s.io"
	storageGroup        = "storage.k8s.io"
	networkingGroup     = "networking.k8s.io"
	eventsGroup         = "events.k8s.io"
	metricsGroup        = "metrics.k8s.io"
	customMetricsGroup  = "custom.metrics.k8s.io"
	externalMetrics     = "external.metrics.k8s.io"
	nodeGroup           = "node.k8s.io"
)

// eventsRule lets a component record Events
// (bootstrappolicy/controller_policy.go, eventsRule).
func eventsRule() PolicyRule {
	return rule("create", "update", "patch").groups(legacyGroup, eventsGroup).resources("events")
}
