package conversations_test

import (
	"strings"
	"testing"
	"time"

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
		return api || to == "runtime/"+strings.TrimPrefix(from, "kubelet/")
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
