package conversations_test

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// gatewayObjects opt the shared fixture into the Gateway controller (a
// GatewayClass it owns) and give demo a Gateway with one HTTP listener,
// Service web, and alice a route author (Gateway API's kinds are CRDs
// that the built-in admin role does not cover).
const gatewayObjects = `
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: route-author, namespace: demo}
rules: [{apiGroups: [gateway.networking.k8s.io], resources: [httproutes], verbs: [get, list, watch, create, update, patch, delete]}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: alice-routes, namespace: demo}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: route-author}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: alice}]
---
apiVersion: gateway.networking.k8s.io/v1
kind: GatewayClass
metadata: {name: loopbook}
spec: {controllerName: gateway.loopbook.dev/gateway-controller}
---
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: {name: gw, namespace: demo}
spec:
  gatewayClassName: loopbook
  listeners: [{name: http, port: 80, protocol: HTTP}]
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: demo}
spec: {selector: {app: web}, ports: [{port: 80, targetPort: 80}]}
`

// webRoute is conversation 18's HTTPRoute: shop.example.com/ to web.
const webRoute = `
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: web, namespace: demo}
spec:
  parentRefs: [{name: gw}]
  hostnames: [shop.example.com]
  rules: [{matches: [{path: {type: PathPrefix, value: /}}], backendRefs: [{name: web, port: 80}]}]
`

// gwObject reads a Gateway API object through the admin client.
func gwObject(t *testing.T, c *cluster.Cluster, kind, ns, name string) *object.Object {
	t.Helper()
	o, err := c.Admin().Get(c.Env().Kind("gateway.networking.k8s.io", kind), ns, name)
	if err != nil {
		t.Fatalf("get %s %s/%s: %v", kind, ns, name, err)
	}
	return o
}

// condition is the status of condition typ in conds, and its reason.
func condition(conds any, typ string) (string, string) {
	l, _ := conds.([]any)
	for _, c := range l {
		if m, _ := c.(map[string]any); m["type"] == typ {
			s, _ := m["status"].(string)
			r, _ := m["reason"].(string)
			return s, r
		}
	}
	return "", ""
}

// Conversation 18: the controller watches the Gateway and the new
// HTTPRoute, programs its proxy, reports Accepted and Programmed on the
// Gateway and Accepted and ResolvedRefs on the route; requests for the
// route's host reach web Pods through the proxy and the Nodes' Service
// rules.
func TestGatewayRoute(t *testing.T) {
	c := started(t, fixture(t, 18, gatewayObjects))
	apply(t, c, "alice", pod("web-1", "web:v1"))
	apply(t, c, "alice", pod("web-2", "web:v1"))
	c.RunFor(30 * time.Second)
	gw := gwObject(t, c, "Gateway", "demo", "gw")
	for _, typ := range []string{"Accepted", "Programmed"} {
		if s, r := condition(gw.Status()["conditions"], typ); s != "True" || r != typ {
			t.Errorf("Gateway %s = %s/%s, want True/%s", typ, s, r, typ)
		}
	}
	if ip := gw.GetString(".status.addresses[0].value"); ip != "198.51.100.10" {
		t.Errorf("Gateway address %q, want 198.51.100.10", ip)
	}
	if s, _ := condition(gwObject(t, c, "GatewayClass", "", "loopbook").Status()["conditions"], "Accepted"); s != "True" {
		t.Errorf("GatewayClass Accepted = %q", s)
	}
	mark := c.Trace().Len()
	apply(t, c, "alice", webRoute)
	c.RunFor(10 * time.Second)
	route := gwObject(t, c, "HTTPRoute", "demo", "web")
	parents, _ := route.Status()["parents"].([]any)
	if len(parents) != 1 {
		t.Fatalf("route status.parents = %v", parents)
	}
	conds := parents[0].(map[string]any)["conditions"]
	for _, typ := range []string{"Accepted", "ResolvedRefs"} {
		if s, r := condition(conds, typ); s != "True" || r != typ {
			t.Errorf("HTTPRoute %s = %s/%s, want True/%s", typ, s, r, typ)
		}
	}
	if n, _, _ := gwObject(t, c, "Gateway", "demo", "gw").Get(".status.listeners[0].attachedRoutes"); n != int64(1) {
		t.Errorf("attachedRoutes %v, want 1", n)
	}
	res := c.GatewayTraffic("client", "demo", "gw", "shop.example.com", "/cart", 4)
	for _, r := range res {
		if !r.Served() {
			t.Errorf("request not served: %+v", r)
		}
	}
	if r := c.GatewayTraffic("client", "demo", "gw", "other.example.com", "/", 1); r[0].Answer.Code != 404 {
		t.Errorf("unrouted host got %+v, want the proxy's 404", r[0])
	}
	keep := func(ev *trace.Event) bool {
		switch {
		case ev.From == "alice", ev.From == "gateway-controller", ev.From == "client", strings.HasPrefix(string(ev.From), "gateway/"):
			return story(ev)
		}
		return false
	}
	golden(t, "gateway.txt", table(c.Trace(), mark, keep))
}

// Named cases: what the controller reports for a route it cannot attach
// or resolve, and what the proxy answers.
func TestGatewayRouteConditions(t *testing.T) {
	cases := []struct {
		name, route        string
		accepted, resolved string // status/reason
		host, path         string
		code               int
	}{
		{"backend not found",
			"spec: {parentRefs: [{name: gw}], rules: [{backendRefs: [{name: missing, port: 80}]}]}",
			"True/Accepted", "False/BackendNotFound", "any.example.com", "/", 500},
		{"invalid kind",
			"spec: {parentRefs: [{name: gw}], rules: [{backendRefs: [{group: example.com, kind: Bucket, name: b}]}]}",
			"True/Accepted", "False/InvalidKind", "any.example.com", "/", 500},
		{"no matching section",
			"spec: {parentRefs: [{name: gw, sectionName: https}], rules: [{backendRefs: [{name: web, port: 80}]}]}",
			"False/NoMatchingParent", "True/ResolvedRefs", "any.example.com", "/", 404},
		{"exact path only",
			"spec: {parentRefs: [{name: gw}], rules: [{matches: [{path: {type: Exact, value: /login}}], backendRefs: [{name: web, port: 80}]}]}",
			"True/Accepted", "True/ResolvedRefs", "any.example.com", "/login/x", 404},
		{"prefix is element-wise",
			"spec: {parentRefs: [{name: gw}], rules: [{matches: [{path: {type: PathPrefix, value: /api}}], backendRefs: [{name: web, port: 80}]}]}",
			"True/Accepted", "True/ResolvedRefs", "any.example.com", "/apix", 404},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := started(t, fixture(t, 18, gatewayObjects))
			apply(t, c, "alice", pod("web-1", "web:v1"))
			apply(t, c, "alice", "apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: r, namespace: demo}\n"+tc.route+"\n")
			c.RunFor(30 * time.Second)
			parents, _ := gwObject(t, c, "HTTPRoute", "demo", "r").Status()["parents"].([]any)
			if len(parents) != 1 {
				t.Fatalf("status.parents = %v", parents)
			}
			conds := parents[0].(map[string]any)["conditions"]
			for typ, want := range map[string]string{"Accepted": tc.accepted, "ResolvedRefs": tc.resolved} {
				if s, r := condition(conds, typ); s+"/"+r != want {
					t.Errorf("%s = %s/%s, want %s", typ, s, r, want)
				}
			}
			if r := c.GatewayTraffic("client", "demo", "gw", tc.host, tc.path, 1); r[0].Answer.Code != tc.code {
				t.Errorf("request %s%s got %+v, want %d", tc.host, tc.path, r[0], tc.code)
			}
		})
	}
}
