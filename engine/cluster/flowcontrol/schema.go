package flowcontrol

// Wildcards of policy rules (k8s.io/api/flowcontrol/v1 types.go).
const (
	VerbAll        = "*"
	APIGroupAll    = "*"
	ResourceAll    = "*"
	NamespaceEvery = "*"
	NonResourceAll = "*"
	NameAll        = "*"
)

// DistinguisherMethod says how requests matched by a FlowSchema are split
// into flows (flowcontrol/v1 FlowDistinguisherMethodType).
type DistinguisherMethod string

// The distinguisher methods. The empty method puts every request of the
// schema in one flow.
const (
	ByNone      DistinguisherMethod = ""
	ByUser      DistinguisherMethod = "ByUser"
	ByNamespace DistinguisherMethod = "ByNamespace"
)

// SubjectKind is the kind of a FlowSchema subject.
type SubjectKind string

// The subject kinds.
const (
	SubjectUser           SubjectKind = "User"
	SubjectGroup          SubjectKind = "Group"
	SubjectServiceAccount SubjectKind = "ServiceAccount"
)

// Subject names who a rule applies to: a user or group by name, or a
// ServiceAccount by namespace and name ([NameAll] for every one in the
// namespace).
type Subject struct {
	Kind      SubjectKind
	Name      string
	Namespace string // ServiceAccount only
}

// ResourcePolicyRule matches resource requests. Resources may name a
// subresource ("nodes/status"). A request without a namespace matches only
// if ClusterScope is set.
type ResourcePolicyRule struct {
	Verbs        []string
	APIGroups    []string
	Resources    []string
	Namespaces   []string
	ClusterScope bool
}

// NonResourcePolicyRule matches non-resource requests by verb and path; a
// path ending in "*" matches everything below it.
type NonResourcePolicyRule struct {
	Verbs           []string
	NonResourceURLs []string
}

// PolicyRules is one rule of a FlowSchema: it matches a request whose user
// is one of the Subjects and which one of the resource or non-resource
// rules matches (flowcontrol/v1 PolicyRulesWithSubjects).
type PolicyRules struct {
	Subjects         []Subject
	ResourceRules    []ResourcePolicyRule
	NonResourceRules []NonResourcePolicyRule
}

// FlowSchema classifies requests into a priority level and splits them
// into flows. Schemas are tried in order of MatchingPrecedence (lowest
// first, then by name); the first whose rules match wins.
type FlowSchema struct {
	Name               string
	PriorityLevel      string
	MatchingPrecedence int
	Distinguisher      DistinguisherMethod
	Rules              []PolicyRules
}
