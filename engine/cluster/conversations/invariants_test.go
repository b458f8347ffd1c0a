package conversations_test

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// declared reports whether a call from → to crosses a declared
// interface, with the extension actors present: clients to the API;
// API servers to etcd, kubelets (PROXY), webhook servers (WEBHOOK) and
// aggregated servers (PROXY); metrics-server to kubelets; kubelets to
// their own runtime; proxies to their own rules.
func declared(ev *trace.Event) bool {
	from, to := string(ev.From), string(ev.To)
	if to == "" || from == to || ev.From == "fault" || ev.Verb == trace.Notify {
		return true
	}
	api := to == "apiserver" || strings.HasPrefix(to, "apiserver-") || to == "control-plane-endpoint"
	switch ev.Verb {
	case trace.HTTP:
		// The data plane: to load balancers, proxies and Pods, never to
		// the API.
		return !api && to != "etcd"
	case trace.External:
		// A provider controller to its provider.
		return (from == "csi-provisioner" && strings.HasPrefix(to, "csi-driver/")) ||
			(from == "service-controller" && to == "cloud-provider")
	case trace.Sync:
		// A controller programming its own proxy (a kube-proxy its rules:
		// below).
		if from == "gateway-controller" || from == "ingress-controller" {
			return strings.HasPrefix(to, "gateway/") || to == "ingress-proxy"
		}
	}
	switch {
	case strings.HasPrefix(from, "apiserver"):
		switch ev.Verb {
		case trace.Webhook:
			return strings.HasSuffix(to, ".svc")
		case trace.Proxy:
			return strings.HasPrefix(to, "kubelet/") || strings.HasSuffix(to, ".svc")
		}
		return to == "etcd" || api
	case from == "metrics-server":
		return strings.HasPrefix(to, "kubelet/") && ev.Subresource == "metrics/resource"
	case strings.HasPrefix(from, "kubelet/"):
		node := strings.TrimPrefix(from, "kubelet/")
		// Its API calls, its runtime, and the CSI node plugin on its Node.
		return api || to == "runtime/"+node ||
			(strings.HasPrefix(to, "csi-node/") && strings.HasSuffix(to, "/"+node))
	case strings.HasPrefix(from, "runtime/"), strings.HasPrefix(from, "pod/"):
		return false
	case strings.HasPrefix(from, "proxy/"):
		return api || to == "rules/"+strings.TrimPrefix(from, "proxy/")
	}
	return api
}

// With webhook servers, metrics-server and the HPA controller present,
// every call crosses a declared interface.
func TestDeclaredInterfaces(t *testing.T) {
	c := started(t, fixture(t, 26, webhookObjects+"---\n"+metricsObjects))
	apply(t, c, "alice", webAutoscaled)
	if err := c.Load("demo", "app=web", "780m"); err != nil {
		t.Fatal(err)
	}
	c.RunFor(3 * time.Minute)
	must(t, c, false, "kill node worker-a")
	c.RunFor(time.Minute)
	n := 0
	for ev := range c.Trace().All() {
		if !declared(ev) {
			n++
			if n <= 5 {
				t.Errorf("undeclared call at %s: %s → %s %s %s", ev.Time, ev.From, ev.To, ev.Verb, ev.Resource)
			}
		}
	}
	if c.Trace().Query(trace.Verbs(trace.Webhook)).Count() == 0 || c.Trace().Query(trace.Verbs(trace.Proxy)).Count() == 0 {
		t.Error("the run made no WEBHOOK or PROXY call")
	}
}

// The providers' actors — the CSI provisioner and its driver, the cloud
// service controller and its provider, the Gateway and Ingress
// controllers and their proxies — keep to declared interfaces too, each
// run on the shared fixture with its own objects.
func TestDeclaredInterfacesOfProviders(t *testing.T) {
	runs := []struct {
		name, objects string
		then          func(c *cluster.Cluster)
		calls         []trace.Verb // verbs the run must make
	}{
		{"storage", storageClasses, func(c *cluster.Cluster) {
			apply(t, c, "alice", claim("data", "zonal"))
			apply(t, c, "alice", consumer("db", "data"))
			c.RunFor(2 * time.Minute)
		}, []trace.Verb{trace.External}},
		{"CSI node plugin", nodePluginClass, func(c *cluster.Cluster) {
			apply(t, c, "alice", claim("data", "zonal"))
			apply(t, c, "alice", consumer("db", "data"))
			c.RunFor(2 * time.Minute)
		}, []trace.Verb{trace.CSINodeStage, trace.CSINodePublish}},
		{"load balancer", cloudNamespace, func(c *cluster.Cluster) {
			apply(t, c, "alice", pod("web-1", "web:v1"))
			apply(t, c, "alice", lbService)
			c.RunFor(time.Minute)
			c.LoadBalancerTraffic("client", "203.0.113.10", 80, 2)
		}, []trace.Verb{trace.External, trace.HTTP}},
		{"gateway", gatewayObjects, func(c *cluster.Cluster) {
			apply(t, c, "alice", pod("web-1", "web:v1"))
			apply(t, c, "alice", webRoute)
			c.RunFor(time.Minute)
			c.GatewayTraffic("client", "demo", "gw", "", "/", 2)
		}, []trace.Verb{trace.HTTP}},
		{"ingress", ingressObjects, func(c *cluster.Cluster) {
			apply(t, c, "alice", pod("web-1", "web:v1"))
			apply(t, c, "alice", shopIngress)
			c.RunFor(time.Minute)
			c.IngressTraffic("client", "demo", "shop", "shop.example.com", "/", 2)
		}, []trace.Verb{trace.HTTP}},
	}
	for _, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			c := started(t, fixture(t, 27, r.objects))
			r.then(c)
			n := 0
			made := map[trace.Verb]bool{}
			for ev := range c.Trace().All() {
				made[ev.Verb] = true
				if !declared(ev) {
					n++
					if n <= 10 {
						t.Errorf("undeclared call at %s: %s → %s %s %s", ev.Time, ev.From, ev.To, ev.Verb, ev.Resource)
					}
				}
			}
			for _, v := range r.calls {
				if !made[v] {
					t.Errorf("the run made no %s call", v)
				}
			}
		})
	}
}
