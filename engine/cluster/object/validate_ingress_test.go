package object

import "testing"

// Messages of pkg/apis/networking/validation/validation.go for Ingress
// paths and IngressClass controllers.
func TestIngressAndClassValidation(t *testing.T) {
	ing := func(pathType, path string) string {
		return "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: {name: web, namespace: demo}\nspec:\n  rules:\n  - host: shop.example.com\n    http:\n      paths:\n      - {path: '" + path + "', pathType: " + pathType + ", backend: {service: {name: web, port: {number: 80}}}}\n"
	}
	class := func(ctrl string) string {
		return "apiVersion: networking.k8s.io/v1\nkind: IngressClass\nmetadata: {name: nginx}\nspec: {controller: '" + ctrl + "'}\n"
	}
	tests := []invalidCase{
		{"prefix path ok", ing("Prefix", "/api"), func(*Object) {}, ""},
		{"prefix path relative", ing("Prefix", "api"), func(*Object) {},
			`Ingress.networking.k8s.io "web" is invalid: spec.rules[0].http.paths[0].path: Invalid value: "api": must be an absolute path`},
		{"exact path with //", ing("Exact", "/a//b"), func(*Object) {},
			`Ingress.networking.k8s.io "web" is invalid: spec.rules[0].http.paths[0].path: Invalid value: "/a//b": must not contain '//'`},
		{"prefix path ending /..", ing("Prefix", "/a/.."), func(*Object) {},
			`Ingress.networking.k8s.io "web" is invalid: spec.rules[0].http.paths[0].path: Invalid value: "/a/..": cannot end with '/..'`},
		{"implementation specific relative", ing("ImplementationSpecific", "api"), func(*Object) {},
			`Ingress.networking.k8s.io "web" is invalid: spec.rules[0].http.paths[0].path: Invalid value: "api": must be an absolute path`},
		{"implementation specific empty", ing("ImplementationSpecific", ""), func(*Object) {}, ""},
		{"pathType unsupported", ing("Regex", "/"), func(*Object) {},
			`Ingress.networking.k8s.io "web" is invalid: spec.rules[0].http.paths[0].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"`},
		{"host is an IP", ing("Prefix", "/"), func(o *Object) { o.Set(".spec.rules[0].host", "10.0.0.1") },
			`Ingress.networking.k8s.io "web" is invalid: spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address`},
		{"class ok", class("k8s.io/ingress-nginx"), func(*Object) {}, ""},
		{"class controller not prefixed", class("nginx"), func(*Object) {},
			`IngressClass.networking.k8s.io "nginx" is invalid: spec.controller: Invalid value: "nginx": must be a domain-prefixed path (such as "acme.io/foo")`},
		{"class controller missing", class(""), func(*Object) {},
			`IngressClass.networking.k8s.io "nginx" is invalid: spec.controller: Required value`},
	}
	checkInvalidMessages(t, tests)
	r := NewBuiltinRegistry()
	old := mustDecode(t, class("k8s.io/ingress-nginx"))
	upd := mustDecode(t, class("example.com/other"))
	old.Meta.ResourceVersion, upd.Meta.ResourceVersion = "5", "5"
	want := `IngressClass.networking.k8s.io "nginx" is invalid: spec.controller: Invalid value: "example.com/other": field is immutable`
	if got := invalidMessage(t, r, upd, old); got != want {
		t.Errorf("update: got %s, want %s", got, want)
	}
	k, ok := r.ByResource("networking.k8s.io", "ingressclasses")
	if !ok || k.Namespaced || len(k.ShortNames) != 0 || len(k.Subresources) != 0 {
		t.Errorf("ingressclasses kind = %+v, want cluster-scoped, no short names, no subresources", k)
	}
}
