package admission

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// ingressClassList is a fixed list of IngressClasses.
type ingressClassList []*object.Object

func (l ingressClassList) IngressClasses() []*object.Object { return l }

func ingressClass(name string, isDefault string, created int) *object.Object {
	c := object.New("networking.k8s.io/v1", "IngressClass")
	c.Meta.Name = name
	c.Meta.CreationTimestamp = time.Date(2026, 1, 1, 0, 0, created, 0, time.UTC)
	if isDefault != "" {
		c.Meta.Annotations = map[string]string{object.AnnotationIsDefaultIngressClass: isDefault}
	}
	c.Content["spec"] = map[string]any{"controller": "k8s.io/ingress-nginx"}
	return c
}

func TestDefaultIngressClass(t *testing.T) {
	nginx := ingressClass("nginx", "true", 10)
	tests := []struct {
		name    string
		classes ingressClassList
		op      api.Operation
		spec    map[string]any
		annot   map[string]string
		want    string // spec.ingressClassName after; "" for none
	}{
		{"defaults to the default class", ingressClassList{ingressClass("internal", "", 5), nginx}, api.OpCreate, nil, nil, "nginx"},
		{"a class named is kept", ingressClassList{nginx}, api.OpCreate, map[string]any{"ingressClassName": "internal"}, nil, "internal"},
		{"the old annotation is left alone", ingressClassList{nginx}, api.OpCreate, nil, map[string]string{object.AnnotationIngressClass: "traefik"}, ""},
		{"no default class", ingressClassList{ingressClass("internal", "", 5)}, api.OpCreate, nil, nil, ""},
		{"only \"true\" marks a default", ingressClassList{ingressClass("internal", "True", 5)}, api.OpCreate, nil, nil, ""},
		{"the newest default wins", ingressClassList{nginx, ingressClass("traefik", "true", 20)}, api.OpCreate, nil, nil, "traefik"},
		{"created together: the lower name", ingressClassList{ingressClass("zeta", "true", 10), nginx}, api.OpCreate, nil, nil, "nginx"},
		{"updates are not defaulted", ingressClassList{nginx}, api.OpUpdate, nil, nil, ""},
		{"no classes at all", nil, api.OpCreate, nil, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			ing := object.New("networking.k8s.io/v1", "Ingress")
			ing.Meta.Namespace, ing.Meta.Name, ing.Meta.Annotations = "demo", "shop", tt.annot
			spec := map[string]any{"rules": []any{}}
			for k, v := range tt.spec {
				spec[k] = v
			}
			ing.Content["spec"] = spec
			a := c.attrs(t, tt.op, "networking.k8s.io", "ingresses", "demo", "shop", ing, nil)
			var ch trace.Change
			p := NewDefaultIngressClass(tt.classes)
			if st := p.AdmitChanges(a, &ch); st != nil {
				t.Fatal(st)
			}
			got, _ := a.Object.Spec()["ingressClassName"].(string)
			if got != tt.want {
				t.Errorf("ingressClassName %q, want %q", got, tt.want)
			}
			if set := len(ch.Set) == 1 && ch.Set[0] == ".spec.ingressClassName"; set != (tt.spec == nil && tt.want != "") {
				t.Errorf("change %+v", ch)
			}
		})
	}
}

func TestDefaultIngressClassIgnoresOtherResources(t *testing.T) {
	c := newCluster(t)
	a := c.podCreate(t, "demo", "web", nil)
	if st := NewDefaultIngressClass(ingressClassList{ingressClass("nginx", "true", 1)}).Admit(a); st != nil {
		t.Fatal(st)
	}
	if _, ok := a.Object.Spec()["ingressClassName"]; ok {
		t.Error("a Pod got an ingressClassName")
	}
}
