package admission

import (
	"reflect"
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// cluster is a fake of what the API server gives admission.
type cluster struct {
	registry   *object.Registry
	namespaces map[string]*object.Object
	accounts   map[string]*object.Object // "ns/name"
	mutating   []*object.Object
	validating []*object.Object
	caller     CallerFunc
	log        *trace.Log
	rand       *sim.Rand
}

func newCluster(t testing.TB) *cluster {
	t.Helper()
	c := &cluster{
		registry:   object.NewBuiltinRegistry(),
		namespaces: map[string]*object.Object{},
		accounts:   map[string]*object.Object{},
		log:        trace.NewLog(),
		rand:       sim.NewRand(1),
	}
	c.addNamespace("default", nil, "Active")
	c.addNamespace("demo", map[string]string{"env": "prod"}, "Active")
	c.addAccount("default", "default")
	c.addAccount("demo", "default")
	return c
}

func (c *cluster) addNamespace(name string, labels map[string]string, phase string) {
	ns := object.New("v1", "Namespace")
	ns.Meta.Name = name
	ns.Meta.Labels = labels
	ns.EnsureMap("status")["phase"] = phase
	c.namespaces[name] = ns
}

func (c *cluster) addAccount(ns, name string) *object.Object {
	sa := object.New("v1", "ServiceAccount")
	sa.Meta.Namespace, sa.Meta.Name = ns, name
	c.accounts[ns+"/"+name] = sa
	return sa
}

func (c *cluster) deps() Deps {
	return Deps{
		Namespaces:      NamespacesFunc(func(n string) *object.Object { return c.namespaces[n] }),
		ServiceAccounts: ServiceAccountsFunc(func(ns, n string) *object.Object { return c.accounts[ns+"/"+n] }),
		Webhooks: WebhookConfigsFunc(func() ([]*object.Object, []*object.Object) {
			return c.mutating, c.validating
		}),
		Caller:   CallerFunc(func(t Target, r *Review) (*ReviewResponse, error) { return c.caller(t, r) }),
		Registry: c.registry,
		Rand:     c.rand,
	}
}

func (c *cluster) config() Config {
	return Config{Log: c.log, Now: func() sim.Time { return sim.Time(0) }, Server: "apiserver-1"}
}

func (c *cluster) chain() *Chain { return NewDefault(c.config(), c.deps()) }

func (c *cluster) kind(t testing.TB, group, resource string) *object.KindInfo {
	t.Helper()
	k, ok := c.registry.ByResource(group, resource)
	if !ok {
		t.Fatalf("no kind for %s/%s", group, resource)
	}
	return k
}

// podCreate is the attributes of alice creating a Pod with one container
// "web" (or the given spec).
func (c *cluster) podCreate(t testing.TB, ns, name string, spec map[string]any) *api.AdmissionAttributes {
	t.Helper()
	pod := object.New("v1", "Pod")
	pod.Meta.Namespace, pod.Meta.Name = ns, name
	if spec == nil {
		spec = map[string]any{"containers": []any{map[string]any{"name": "web", "image": "nginx"}}}
	}
	pod.Content["spec"] = spec
	return &api.AdmissionAttributes{
		Attributes: api.Attributes{
			User: &api.UserInfo{Name: "alice", Groups: []string{api.GroupAuthenticated}},
			RequestInfo: api.RequestInfo{IsResourceRequest: true, Verb: "create", APIPrefix: "api", APIVersion: "v1",
				Namespace: ns, Resource: "pods"},
		},
		Operation: api.OpCreate,
		Kind:      c.kind(t, "", "pods"),
		Object:    pod,
	}
}

// attrs is a request on any resource.
func (c *cluster) attrs(t testing.TB, op api.Operation, group, resource, ns, name string, obj, old *object.Object) *api.AdmissionAttributes {
	t.Helper()
	k := c.kind(t, group, resource)
	return &api.AdmissionAttributes{
		Attributes: api.Attributes{
			User: &api.UserInfo{Name: "alice"},
			RequestInfo: api.RequestInfo{IsResourceRequest: true, APIGroup: group, APIVersion: k.Version,
				Namespace: ns, Resource: resource, Name: name},
		},
		Operation: op,
		Kind:      k,
		Object:    obj,
		OldObject: old,
	}
}

// events returns the log's events with the given verb.
func (c *cluster) events(v trace.Verb) []trace.Event {
	var out []trace.Event
	for e := range c.log.All() {
		if e.Verb == v {
			out = append(out, *e)
		}
	}
	return out
}

func statusString(s *api.Status) string {
	if s == nil {
		return "<nil>"
	}
	return s.Kubectl()
}

// sameChanges compares two change summaries ignoring order.
func sameChanges(a, b trace.Change) bool {
	same := func(x, y []string) bool {
		return len(x) == len(y) && reflect.DeepEqual(slices.Sorted(slices.Values(x)), slices.Sorted(slices.Values(y)))
	}
	return same(a.Set, b.Set) && same(a.Changed, b.Changed) && same(a.Removed, b.Removed)
}
