package object

import (
	"regexp"
	"strings"
)

// AnnotationIsDefaultIngressClass marks an IngressClass as the cluster's
// default when its value is "true" (k8s.io/api/networking/v1
// well_known_annotations.go); the DefaultIngressClass admission plugin
// gives new Ingresses without a class the newest such class
// (plugin/pkg/admission/network/defaultingressclass/admission.go).
const AnnotationIsDefaultIngressClass = "ingressclass.kubernetes.io/is-default-class"

// AnnotationIngressClass is an Ingress's deprecated class annotation
// (k8s.io/api/networking/v1beta1 AnnotationIngressClass), read before
// spec.ingressClassName existed and still honoured by controllers.
const AnnotationIngressClass = "kubernetes.io/ingress.class"

// ingressClassKind is IngressClass (networking.k8s.io/v1): cluster-scoped,
// no short names, no status subresource
// (pkg/registry/networking/ingressclass/storage/storage.go); printer
// columns of ingressClassColumnDefinitions in
// pkg/printers/internalversion/printers.go.
func ingressClassKind() *KindInfo {
	return &KindInfo{Group: "networking.k8s.io", Version: "v1", Kind: "IngressClass", Resource: "ingressclasses", Verbs: verbsAll,
		Columns: cols("Name", "Controller", "Parameters", "Age"), Generation: GenerationSpec, Validate: validateIngressClass}
}

// maxLenIngressClassController is spec.controller's limit
// (pkg/apis/networking/validation/validation.go).
const maxLenIngressClassController = 250

// validateIngressClass follows ValidateIngressClass and
// ValidateIngressClassUpdate (pkg/apis/networking/validation/
// validation.go): spec.controller is a domain-prefixed path of at most
// 250 bytes and immutable; parameters, when set, name a kind and a name.
func validateIngressClass(o, old *Object) FieldErrors {
	spec := o.Spec()
	ctrl := stringAt(spec, "controller")
	var errs FieldErrors
	if len(ctrl) > maxLenIngressClassController {
		errs = append(errs, TooLong("spec.controller", maxLenIngressClassController))
	}
	errs = append(errs, isDomainPrefixedPath("spec.controller", ctrl)...)
	if p := mapAt(spec, "parameters"); p != nil {
		if stringAt(p, "kind") == "" {
			errs = append(errs, Required("spec.parameters.kind", "kind is required"))
		}
		if stringAt(p, "name") == "" {
			errs = append(errs, Required("spec.parameters.name", "name is required"))
		}
	}
	if old != nil {
		if was := stringAt(old.Spec(), "controller"); was != ctrl {
			// validateIngressClassSpecUpdate: ValidateImmutableField.
			errs = append(errs, Invalid("spec.controller", ctrl, FieldImmutableErrorMsg))
		}
	}
	return errs
}

// httpPathFmt is the RFC 3986 path alphabet of
// k8s.io/apimachinery/pkg/util/validation (IsDomainPrefixedPath).
const httpPathFmt = `[A-Za-z0-9/\-._~%!$&'()*+,;=:]+`

var httpPathRegexp = regexp.MustCompile("^" + httpPathFmt + "$")

// isDomainPrefixedPath is validation.IsDomainPrefixedPath: "acme.io/foo",
// a DNS-1123 subdomain, "/", and a non-empty HTTP path.
func isDomainPrefixedPath(field, v string) FieldErrors {
	if v == "" {
		return FieldErrors{Required(field, "")}
	}
	host, path, ok := strings.Cut(v, "/")
	if !ok || host == "" || path == "" {
		return FieldErrors{Invalid(field, v, `must be a domain-prefixed path (such as "acme.io/foo")`)}
	}
	var errs FieldErrors
	for _, msg := range IsDNS1123Subdomain(host) {
		errs = append(errs, Invalid(field, host, msg))
	}
	if !httpPathRegexp.MatchString(path) {
		errs = append(errs, Invalid(field, path, RegexError("Invalid path", httpPathFmt)))
	}
	return errs
}
