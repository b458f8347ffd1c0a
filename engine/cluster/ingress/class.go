package ingress

import "github.com/loopbook/loopbook/engine/cluster/object"

// classOf is the IngressClass name the Ingress asks for, and whether it
// asks for any: spec.ingressClassName first, then the class annotation
// (ingress-nginx store.GetIngressClass).
func classOf(ing *object.Object) (string, bool) {
	if c, ok := ing.Spec()["ingressClassName"].(string); ok {
		return c, true
	}
	if c, ok := ing.Meta.Annotations[object.AnnotationIngressClass]; ok {
		return c, true
	}
	return "", false
}

// owns reports whether the controller serves the Ingress: its class is
// one of owned (the names of the IngressClasses whose spec.controller is
// ControllerClass). An Ingress without class is not served, as
// ingress-nginx does without --watch-ingress-without-class (default
// false); the DefaultIngressClass admission plugin gives a new Ingress
// the default class when there is one.
func owns(ing *object.Object, owned map[string]bool) bool {
	c, ok := classOf(ing)
	return ok && owned[c]
}
