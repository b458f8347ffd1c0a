package admission

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// DefaultIngressClassName is the plugin's name in kube-apiserver.
const DefaultIngressClassName = "DefaultIngressClass"

// IngressClasses lists the cluster's IngressClass objects, which the
// plugin only reads.
type IngressClasses interface{ IngressClasses() []*object.Object }

// DefaultIngressClass is plugin/pkg/admission/network/defaultingressclass:
// on create, an Ingress that names no class (no spec.ingressClassName, no
// kubernetes.io/ingress.class annotation) is given the default
// IngressClass's name. With no default class it does nothing; with
// several, it picks the newest, the lower name on a tie (since Kubernetes
// 1.25, kubernetes/kubernetes#110974). Updates are not touched.
type DefaultIngressClass struct{ classes IngressClasses }

var _ Mutator = (*DefaultIngressClass)(nil)

// NewDefaultIngressClass returns the plugin; classes may be nil (no
// IngressClass exists).
func NewDefaultIngressClass(classes IngressClasses) *DefaultIngressClass {
	return &DefaultIngressClass{classes: classes}
}

// Name is "DefaultIngressClass".
func (*DefaultIngressClass) Name() string { return DefaultIngressClassName }

// Handles is Scoped: Admit takes creates of Ingresses; Validate does
// nothing.
func (*DefaultIngressClass) Handles(op api.Operation, group, resource, sub string) (admit, validate bool) {
	return creates(op, group, resource, sub, "networking.k8s.io", "ingresses"), false
}

// Admit defaults the class.
func (p *DefaultIngressClass) Admit(a *api.AdmissionAttributes) *api.Status {
	return p.AdmitChanges(a, &trace.Change{})
}

// Validate does nothing: the plugin only mutates.
func (*DefaultIngressClass) Validate(*api.AdmissionAttributes) *api.Status { return nil }

// AdmitChanges is Admit, reporting the field it set.
func (p *DefaultIngressClass) AdmitChanges(a *api.AdmissionAttributes, ch *trace.Change) *api.Status {
	if a.Operation != api.OpCreate || a.Subresource != "" || a.Object == nil {
		return nil
	}
	if g, _, r := requestGVR(a); g != "networking.k8s.io" || r != "ingresses" {
		return nil
	}
	spec := a.Object.EnsureMap("spec")
	if _, ok := spec["ingressClassName"]; ok {
		return nil
	}
	if _, ok := a.Object.Meta.Annotations[object.AnnotationIngressClass]; ok {
		return nil
	}
	def := p.defaultClass()
	if def == nil {
		return nil
	}
	spec["ingressClassName"] = def.Meta.Name
	ch.Set = append(ch.Set, ".spec.ingressClassName")
	return nil
}

// defaultClass is getDefaultClass: the newest class marked default, the
// lower name first among classes created at the same instant.
func (p *DefaultIngressClass) defaultClass() *object.Object {
	if p.classes == nil {
		return nil
	}
	return newestDefault(p.classes.IngressClasses(), func(c *object.Object) bool {
		return c.Meta.Annotations[object.AnnotationIsDefaultIngressClass] == "true"
	})
}

// newestDefault is the newest of the classes that isDefault marks, the
// lower name first among classes created at the same instant (the order
// of both getDefaultClass for IngressClasses and GetDefaultClass for
// StorageClasses); nil when none is marked.
func newestDefault(classes []*object.Object, isDefault func(*object.Object) bool) *object.Object {
	var defaults []*object.Object
	for _, c := range classes {
		if isDefault(c) {
			defaults = append(defaults, c)
		}
	}
	if len(defaults) == 0 {
		return nil
	}
	slices.SortFunc(defaults, func(x, y *object.Object) int {
		if c := y.Meta.CreationTimestamp.Compare(x.Meta.CreationTimestamp); c != 0 {
			return c
		}
		return strings.Compare(x.Meta.Name, y.Meta.Name)
	})
	return defaults[0]
}
