package cluster_test

import (
	"testing"
	"time"
)

// stateObjects are a Gateway (a group stored under its name, as CRDs
// install it) and a custom resource of a CRD.
const stateObjects = `
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: {name: gw, namespace: demo}
spec:
  gatewayClassName: example
  listeners: [{name: http, port: 80, protocol: HTTP}]
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget}
  versions:
  - name: v1
    served: true
    storage: true
    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
`

// Cluster.Object finds objects wherever the API servers store them:
// built-in kinds under kube-apiserver's prefixes, Gateway API and custom
// resources under their group.
func TestObjectLookup(t *testing.T) {
	c := started(t, twoWorkers(41))
	apply(t, c, "kubernetes-admin", stateObjects)
	c.RunFor(5 * time.Second)
	apply(t, c, "kubernetes-admin", "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, namespace: demo}\nspec: {size: 3}\n")
	for _, tc := range []struct {
		group, kind, ns, name string
		found                 bool
	}{
		{"", "Node", "", "worker-a", true},
		{"", "Service", "default", "kubernetes", true},
		{"", "Namespace", "", "demo", true},
		{"gateway.networking.k8s.io", "Gateway", "demo", "gw", true},
		{"gateway.networking.k8s.io", "Gateway", "demo", "missing", false},
		{"apiextensions.k8s.io", "CustomResourceDefinition", "", "widgets.example.com", true},
		{"example.com", "Widget", "demo", "w1", true},
		{"example.com", "Gadget", "demo", "w1", false}, // no such kind
	} {
		o := c.Object(tc.group, tc.kind, tc.ns, tc.name)
		if (o != nil) != tc.found || o != nil && o.Meta.Name != tc.name {
			t.Errorf("Object(%q, %q, %q, %q) = %v, want found %v", tc.group, tc.kind, tc.ns, tc.name, o, tc.found)
		}
	}
}
