package ingress

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// annotationIngressClass is the deprecated class annotation
// (k8s.io/api/networking/v1beta1 AnnotationIngressClass).
const annotationIngressClass = "kubernetes.io/ingress.class"

// DefaultClass is the cluster's default IngressClass among classes: the
// newest annotated ingressclass.kubernetes.io/is-default-class "true",
// the name breaking ties, as the DefaultIngressClass admission plugin
// picks it (getDefaultClass in
// plugin/pkg/admission/network/defaultingressclass/admission.go); nil
// when none is.
func DefaultClass(classes []*object.Object) *object.Object {
	var defaults []*object.Object
	for _, c := range classes {
		if c.Meta.Annotations[object.AnnotationIsDefaultIngressClass] == "true" {
			defaults = append(defaults, c)
		}
	}
	slices.SortFunc(defaults, func(a, b *object.Object) int {
		if c := b.Meta.CreationTimestamp.Compare(a.Meta.CreationTimestamp); c != 0 {
			return c
		}
		return strings.Compare(a.Meta.Name, b.Meta.Name)
	})
	if len(defaults) == 0 {
		return nil
	}
	return defaults[0]
}

// classOf is the IngressClass name the Ingress asks for, and whether it
// asks for any: spec.ingressClassName first, then the class annotation
// (ingress-nginx store.GetIngressClass).
func classOf(ing *object.Object) (string, bool) {
	if c, ok := ing.Spec()["ingressClassName"].(string); ok {
		return c, true
	}
	if c, ok := ing.Meta.Annotations[annotationIngressClass]; ok {
		return c, true
	}
	return "", false
}

// owns reports whether the controller serves the Ingress: its class is
// one of owned (the names of the IngressClasses whose spec.controller is
// ControllerClass), or it has none and the default class def is owned.
func owns(ing *object.Object, owned map[string]bool, def *object.Object) bool {
	if c, ok := classOf(ing); ok {
		return owned[c]
	}
	return def != nil && owned[def.Meta.Name]
}
