package object

import (
	"maps"
	"slices"
	"time"
)

// Meta is an object's metadata as Kubernetes keeps it
// (k8s.io/apimachinery/pkg/apis/meta/v1/types.go, ObjectMeta). Fields the
// model does not use (selfLink, managedFields) are not kept.
type Meta struct {
	Name         string
	GenerateName string
	Namespace    string
	// UID is assigned by the API server on create, in UUID form.
	UID string
	// ResourceVersion is opaque to clients: compare for equality only.
	ResourceVersion string
	// Generation counts changes to the desired state; see GenerationPolicy.
	Generation int64
	// CreationTimestamp is virtual time; the zero value means unset.
	CreationTimestamp time.Time
	// DeletionTimestamp is set when graceful deletion starts.
	DeletionTimestamp          *time.Time
	DeletionGracePeriodSeconds *int64
	Labels                     map[string]string
	Annotations                map[string]string
	OwnerReferences            []OwnerReference
	Finalizers                 []string
}

// OwnerReference points from a dependent to its owner
// (k8s.io/apimachinery/pkg/apis/meta/v1/types.go, OwnerReference).
type OwnerReference struct {
	APIVersion         string
	Kind               string
	Name               string
	UID                string
	Controller         *bool
	BlockOwnerDeletion *bool
}

// NewControllerRef is metav1.NewControllerRef: a reference to owner, of
// the given apiVersion and kind, with controller and blockOwnerDeletion
// true (k8s.io/apimachinery/pkg/apis/meta/v1/controller_ref.go).
func NewControllerRef(owner *Object, apiVersion, kind string) OwnerReference {
	yes, block := true, true
	return OwnerReference{APIVersion: apiVersion, Kind: kind, Name: owner.Meta.Name, UID: owner.Meta.UID,
		Controller: &yes, BlockOwnerDeletion: &block}
}

// IsController reports whether the reference has controller: true.
func (r OwnerReference) IsController() bool { return r.Controller != nil && *r.Controller }

// DeepCopy returns r with pointers of its own.
func (r OwnerReference) DeepCopy() OwnerReference {
	r.Controller, r.BlockOwnerDeletion = clonePtr(r.Controller), clonePtr(r.BlockOwnerDeletion)
	return r
}

// clonePtr returns a pointer to a copy of *p, or nil when p is nil.
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}

// DeepCopy returns a copy of m sharing nothing mutable.
func (m *Meta) DeepCopy() Meta {
	c := *m
	c.DeletionTimestamp, c.DeletionGracePeriodSeconds = clonePtr(m.DeletionTimestamp), clonePtr(m.DeletionGracePeriodSeconds)
	if m.Labels != nil {
		c.Labels = maps.Clone(m.Labels)
	}
	if m.Annotations != nil {
		c.Annotations = maps.Clone(m.Annotations)
	}
	if m.OwnerReferences != nil {
		c.OwnerReferences = make([]OwnerReference, len(m.OwnerReferences))
		for i, r := range m.OwnerReferences {
			c.OwnerReferences[i] = r.DeepCopy()
		}
	}
	if m.Finalizers != nil {
		c.Finalizers = slices.Clone(m.Finalizers)
	}
	return c
}

// ControllerRef returns the owner reference with controller: true, if any.
func (m *Meta) ControllerRef() (OwnerReference, bool) {
	for _, r := range m.OwnerReferences {
		if r.IsController() {
			return r, true
		}
	}
	return OwnerReference{}, false
}

// HasFinalizer reports whether name is among the finalizers.
func (m *Meta) HasFinalizer(name string) bool { return slices.Contains(m.Finalizers, name) }

// SetAnnotation sets annotation key to value, making the map if there is
// none (metav1.SetMetaDataAnnotation).
func (m *Meta) SetAnnotation(key, value string) {
	if m.Annotations == nil {
		m.Annotations = map[string]string{}
	}
	m.Annotations[key] = value
}

// FormatTime renders a timestamp as metav1.Time does: RFC 3339, UTC, whole
// seconds (k8s.io/apimachinery/pkg/apis/meta/v1/time.go, MarshalJSON).
func FormatTime(t time.Time) string { return timeTextOf(t).text }

// ParseTime parses a metav1.Time string.
func ParseTime(s string) (time.Time, error) {
	if t, ok := parseCanonicalUTC(s, 0); ok {
		return t, nil
	}
	return time.Parse(time.RFC3339, s)
}
