package audit

// Policy is an audit.k8s.io/v1 Policy, the file kube-apiserver reads from
// --audit-policy-file: rules tried in order, the first that matches a
// request deciding its level (k8s.io/apiserver/pkg/apis/audit/v1/types.go).
type Policy struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	// Rules are evaluated in order; a request no rule matches is not
	// logged (LevelNone).
	Rules []PolicyRule `yaml:"rules"`
	// OmitStages are left out for every request, in addition to each
	// rule's own.
	OmitStages []Stage `yaml:"omitStages"`
	// OmitManagedFields drops metadata.managedFields from the bodies
	// logged; the model keeps no managed fields, so it changes nothing.
	OmitManagedFields bool `yaml:"omitManagedFields"`
}

// PolicyRule maps requests to a level. Every field that is set must match;
// an unset field matches everything.
type PolicyRule struct {
	// Level is the level of the requests the rule matches.
	Level Level `yaml:"level"`
	// Users are user names; UserGroups groups, any of which matches.
	Users      []string `yaml:"users"`
	UserGroups []string `yaml:"userGroups"`
	// Verbs are API verbs (get, list, watch, create, …) or, for
	// non-resource requests, lower-case HTTP methods.
	Verbs []string `yaml:"verbs"`
	// Resources and Namespaces match resource requests only;
	// NonResourceURLs matches non-resource requests only ("/healthz*").
	Resources       []GroupResources `yaml:"resources"`
	Namespaces      []string         `yaml:"namespaces"`
	NonResourceURLs []string         `yaml:"nonResourceURLs"`
	// OmitStages are stages not logged for the requests the rule
	// matches.
	OmitStages        []Stage `yaml:"omitStages"`
	OmitManagedFields *bool   `yaml:"omitManagedFields"`

	// line is where the rule starts in the policy's text, for errors.
	line, column int
}

// GroupResources names resources of one API group ("" is the core group).
// Resources may be "pods", "pods/log" (a subresource), "*/status",
// "pods/*" or "*"; ResourceNames restricts them to named objects.
type GroupResources struct {
	Group         string   `yaml:"group"`
	Resources     []string `yaml:"resources"`
	ResourceNames []string `yaml:"resourceNames"`
}
