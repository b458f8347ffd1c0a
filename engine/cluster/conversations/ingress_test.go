package conversations_test

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/ingress"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// ingressObjects opt the shared fixture into the Ingress controller (an
// IngressClass nginx for k8s.io/ingress-nginx, the cluster default) and
// give demo the Services web and api.
const ingressObjects = `
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: nginx
  annotations: {ingressclass.kubernetes.io/is-default-class: "true"}
spec: {controller: k8s.io/ingress-nginx}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: demo}
spec: {selector: {app: web}, ports: [{port: 80, targetPort: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: api, namespace: demo}
spec: {selector: {app: api}, ports: [{port: 80, targetPort: 80}]}
`

// shopIngress routes shop.example.com: /api to api, everything else to
// web.
const shopIngress = `
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: shop, namespace: demo}
spec:
  ingressClassName: nginx
  rules:
  - host: shop.example.com
    http:
      paths:
      - {path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}
      - {path: /api, pathType: Prefix, backend: {service: {name: api, port: {number: 80}}}}
`

const apiPod = "apiVersion: v1\nkind: Pod\nmetadata: {name: api-1, namespace: demo, labels: {app: api}}\nspec: {containers: [{name: api, image: \"web:v1\"}]}\n"

// ingressAddress is the Ingress's status.loadBalancer.ingress[0].ip.
func ingressAddress(t *testing.T, c *cluster.Cluster, name string) string {
	t.Helper()
	o, err := c.Admin().Get(c.Env().Kind("networking.k8s.io", "Ingress"), "demo", name)
	if err != nil {
		t.Fatalf("get ingress demo/%s: %v", name, err)
	}
	return o.GetString(".status.loadBalancer.ingress[0].ip")
}

// Conversation 18, the Ingress half: the controller watches the new
// Ingress, programs its proxy, and at its next status check writes the
// proxy's address into the Ingress; requests to that address are routed
// by host and path straight to ready endpoints, never through the API
// server.
func TestIngressRoute(t *testing.T) {
	c := started(t, fixture(t, 18, ingressObjects))
	apply(t, c, "alice", pod("web-1", "web:v1"))
	apply(t, c, "alice", pod("web-2", "web:v1"))
	apply(t, c, "alice", apiPod)
	c.RunFor(30 * time.Second)
	mark := c.Trace().Len()
	apply(t, c, "alice", shopIngress)
	c.RunFor(ingress.StatusInterval + time.Second)
	if ip := ingressAddress(t, c, "shop"); ip != "192.0.2.10" {
		t.Errorf("Ingress address %q, want 192.0.2.10", ip)
	}
	for _, tc := range []struct {
		host, path, pod string
		code            int
	}{
		{"shop.example.com", "/cart", "demo/web-", 200},
		{"shop.example.com", "/api/items", "demo/api-1", 200},
		{"shop.example.com", "/apix", "demo/web-", 200},
		{"SHOP.example.com:80", "/api", "demo/api-1", 200},
		{"other.example.com", "/", "", 404},
	} {
		r := c.IngressTraffic("client", "demo", "shop", tc.host, tc.path, 1)[0]
		if r.Answer.Code != tc.code || !strings.HasPrefix(r.Backend.Pod, tc.pod) {
			t.Errorf("%s%s got %d from %q, want %d from %s*", tc.host, tc.path, r.Answer.Code, r.Backend.Pod, tc.code, tc.pod)
		}
	}
	keep := func(ev *trace.Event) bool {
		switch ev.From {
		case "alice", ingress.Name, "client", ingress.ProxyActor:
			return story(ev)
		}
		return false
	}
	golden(t, "ingress.txt", table(c.Trace(), mark, keep))
	for i := mark; i < c.Trace().Len(); i++ {
		ev := c.Trace().At(i)
		if (ev.From == "client" || ev.From == ingress.ProxyActor) && ev.To == "apiserver" {
			t.Errorf("data-plane request reached the API server: %+v", ev)
		}
	}
}

// Named cases: which Ingresses the controller serves (class field,
// default class, other controllers' classes), the catch-all
// defaultBackend, and a backend Service that does not exist.
func TestIngressClassesAndBackends(t *testing.T) {
	const other = `
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata: {name: other}
spec: {controller: example.com/other-controller}
`
	ing := func(class, spec string) string {
		s := "apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: {name: r, namespace: demo}\nspec:\n"
		if class != "" {
			s += "  ingressClassName: " + class + "\n"
		}
		return s + spec
	}
	rules := "  rules: [{host: shop.example.com, http: {paths: [{path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}]}}]\n"
	cases := []struct {
		name, objects, ingress string
		class                  string // spec.ingressClassName as stored
		host                   string
		address                string
		code                   int
	}{
		{"class field", ingressObjects, ing("nginx", rules), "nginx", "shop.example.com", "192.0.2.10", 200},
		{"no class takes the default", ingressObjects, ing("", rules), "nginx", "shop.example.com", "192.0.2.10", 200},
		{"no class and no default", strings.Replace(ingressObjects, `"true"`, `"false"`, 1), ing("", rules), "", "shop.example.com", "", 0},
		{"another controller's class", ingressObjects + "---\n" + other, ing("other", rules), "other", "shop.example.com", "", 0},
		{"unknown host gets 404", ingressObjects, ing("nginx", rules), "nginx", "x.example.com", "192.0.2.10", 404},
		{"defaultBackend catches all", ingressObjects, ing("nginx", "  defaultBackend: {service: {name: web, port: {number: 80}}}\n"), "nginx", "x.example.com", "192.0.2.10", 200},
		{"missing Service answers 503", ingressObjects, ing("nginx", strings.Replace(rules, "name: web", "name: missing", 1)), "nginx", "shop.example.com", "192.0.2.10", 503},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := started(t, fixture(t, 18, tc.objects))
			apply(t, c, "alice", pod("web-1", "web:v1"))
			apply(t, c, "alice", tc.ingress)
			c.RunFor(ingress.StatusInterval + 10*time.Second)
			// The DefaultIngressClass admission plugin names the class of
			// an Ingress created without one, when there is a default.
			if got := stored(c, "networking.k8s.io", "Ingress", "demo", "r").GetString(".spec.ingressClassName"); got != tc.class {
				t.Errorf("stored ingressClassName %q, want %q", got, tc.class)
			}
			if ip := ingressAddress(t, c, "r"); ip != tc.address {
				t.Errorf("address %q, want %q", ip, tc.address)
			}
			if r := c.IngressTraffic("client", "demo", "r", tc.host, "/", 1)[0]; r.Answer.Code != tc.code {
				t.Errorf("request got %+v, want %d", r, tc.code)
			}
		})
	}
}
