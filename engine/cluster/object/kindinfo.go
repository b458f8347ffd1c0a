package object

// GenerationPolicy says when the API server bumps metadata.generation, as
// each kind's registry strategy does in its PrepareForUpdate.
type GenerationPolicy uint8

const (
	// GenerationNone: generation is never set (ConfigMap, Service, Node, …).
	GenerationNone GenerationPolicy = iota
	// GenerationSpec: 1 on create, +1 when spec changes
	// (pkg/registry/apps/replicaset/strategy.go and most kinds).
	GenerationSpec
	// GenerationSpecAndAnnotations: 1 on create, +1 when spec or
	// annotations change, because a Deployment's annotations are copied to
	// its ReplicaSets (pkg/registry/apps/deployment/strategy.go).
	GenerationSpecAndAnnotations
	// GenerationAllButMetadataStatus: 1 on create, +1 when anything but
	// metadata and status changes — custom resources with a status
	// subresource (k8s.io/apiextensions-apiserver/pkg/registry/customresource/strategy.go).
	GenerationAllButMetadataStatus
	// GenerationAllButMetadata: custom resources without a status
	// subresource, where status is an ordinary field.
	GenerationAllButMetadata
)

// NameRule is the rule metadata.name must satisfy for a kind
// (k8s.io/apimachinery/pkg/api/validation/generic.go).
type NameRule uint8

const (
	// NameDNSSubdomain is NameIsDNSSubdomain: most kinds.
	NameDNSSubdomain NameRule = iota
	// NameDNSLabel is NameIsDNSLabel: Namespace.
	NameDNSLabel
	// NameDNS1035Label is NameIsDNS1035Label: Service.
	NameDNS1035Label
	// NamePathSegment is path.ValidatePathSegmentName: RBAC kinds, whose
	// names may contain ':' (system:node-proxier).
	NamePathSegment
)

// Column is one printer column of `kubectl get` for a kind.
type Column struct {
	Name string
	// Type is the OpenAPI type: string, integer, number, boolean, date.
	Type string
	// JSONPath is set for CRD additionalPrinterColumns; built-in kinds
	// compute their cells in the server's table printer, so it is empty.
	JSONPath string
	// Priority 0 is shown by default, >0 only with -o wide.
	Priority int
}

// KindInfo describes one kind at one group version.
type KindInfo struct {
	Group   string
	Version string
	Kind    string
	// Resource is the lower-case plural used in URLs: "deployments".
	Resource string
	// Singular is the lower-case singular: "deployment".
	Singular   string
	ShortNames []string
	Namespaced bool
	// Subresources lists "status", "scale", "binding", … .
	Subresources []string
	Verbs        []string
	// Categories such as "all", used by `kubectl get all`.
	Categories []string
	Columns    []Column
	Generation GenerationPolicy
	NameRule   NameRule
	// Default fills in defaults in place; nil means none.
	Default func(*Object)
	// Validate checks the kind-specific fields; old is nil on create. The
	// metadata rules common to all kinds are applied by ValidateObject.
	Validate func(obj, old *Object) FieldErrors
	// ValidateStatus checks the kind-specific fields of a write to the
	// status subresource, as the kind's status strategy's ValidateUpdate
	// does; nil means Validate's checks.
	ValidateStatus func(obj, old *Object) FieldErrors
	// Schema types the fields for decoding checks; nil means untyped.
	Schema *Schema
	// CRD is set for kinds registered from a CustomResourceDefinition.
	CRD *CRDInfo
	// OrphanByDefault is a DefaultGarbageCollectionPolicy of
	// OrphanDependents: a delete that names no propagation policy orphans
	// the object's dependents, with a warning (batch/v1 Jobs,
	// pkg/registry/batch/job/strategy.go and storage/storage.go).
	OrphanByDefault bool
	// BodyOnly marks kinds that are only request bodies of a subresource
	// (Eviction for pods/eviction, Scale for */scale): they can be looked
	// up by kind but are not resources, so Resolve does not find them.
	BodyOnly bool
}

// APIVersion returns "group/version", or "version" for the core group.
func (k *KindInfo) APIVersion() string { return JoinAPIVersion(k.Group, k.Version) }

// GroupKind returns the qualified kind: "Deployment.apps", "Pod".
func (k *KindInfo) GroupKind() string { return QualifiedKind(k.Group, k.Kind) }

// GroupResource returns "deployments.apps", or "pods" for the core group,
// as schema.GroupResource.String renders it in Forbidden and Conflict
// messages.
func (k *KindInfo) GroupResource() string {
	if k.Group == "" {
		return k.Resource
	}
	return k.Resource + "." + k.Group
}

// HasSubresource reports whether name is one of the kind's subresources.
func (k *KindInfo) HasSubresource(name string) bool {
	for _, s := range k.Subresources {
		if s == name {
			return true
		}
	}
	return false
}

// HasStatus reports whether the kind has a status subresource, so that a
// main-resource update keeps the stored status and a status update keeps
// the stored spec.
func (k *KindInfo) HasStatus() bool { return k.HasSubresource("status") }

// HasVerb reports whether verb is among the kind's verbs.
func (k *KindInfo) HasVerb(verb string) bool {
	for _, v := range k.Verbs {
		if v == verb {
			return true
		}
	}
	return false
}
