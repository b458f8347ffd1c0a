package controllermanager

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/controller/garbagecollector"
	"github.com/loopbook/loopbook/engine/cluster/controller/namespace"
	"github.com/loopbook/loopbook/engine/cluster/controller/serviceaccount"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// With kube-apiserver's authentication, RBAC and admission, the manager
// campaigns as system:kube-controller-manager and its controllers act as
// their ServiceAccounts within the bootstrap roles: a new namespace gets
// its default ServiceAccount, which admission requires before a Pod can be
// created; the garbage collector deletes the Pod of a deleted ReplicaSet;
// deleting the namespace removes it and its Pods.
func TestControllersUnderRBACAndAdmission(t *testing.T) {
	loop, r := sim.NewLoop(), sim.NewRand(9)
	p, authn, err := apiserver.NewStandard(apiserver.Config{Loop: loop, Rand: r}, apiserver.Standard{Users: []auth.User{
		{Name: "alice", Groups: []string{api.GroupMasters}},
		{Name: auth.UserKubeControllerManager},
	}})
	if err != nil {
		t.Fatal(err)
	}
	e := &env.Env{Loop: loop, Log: p.Trace(), Rand: r, Kinds: p.Registry(), Endpoint: p.Endpoint(), Timings: env.Default()}
	alice := e.Client("alice", "token-alice")
	controllers := []string{garbagecollector.Name, namespace.Name, serviceaccount.ServiceAccountsName}
	tokens := map[string]string{}
	for _, sa := range controllers {
		o := object.New("v1", "ServiceAccount")
		o.Meta.Name, o.Meta.Namespace = sa, "kube-system"
		if _, err := alice.Create(e.Kind("", "ServiceAccount"), o, api.WriteOptions{}); err != nil {
			t.Fatal(err)
		}
		tokens[sa] = authn.IssueServiceAccountToken("kube-system", sa, "", "", "", 0)
	}
	m := New(e, Config{Token: "token-" + auth.UserKubeControllerManager,
		ServiceAccountToken: func(sa string) string { return tokens[sa] },
		Controllers: []func() controller.Controller{
			func() controller.Controller { return garbagecollector.New() },
			func() controller.Controller { return namespace.New() },
			func() controller.Controller { return serviceaccount.NewServiceAccounts() },
		}})
	m.Start()
	loop.RunFor(time.Second)
	if !m.Leading() {
		t.Fatal("manager not leading")
	}

	nsKind, podKind := e.Kind("", "Namespace"), e.Kind("", "Pod")
	ns := object.New("v1", "Namespace")
	ns.Meta.Name = "demo"
	if _, err := alice.Create(nsKind, ns, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	pod := func(name string) *object.Object {
		o := object.New("v1", "Pod")
		o.Meta.Name, o.Meta.Namespace = name, "demo"
		o.Content["spec"] = map[string]any{"containers": []any{map[string]any{"name": "web", "image": "web:v1"}}}
		return o
	}
	// At the instant the namespace exists its default ServiceAccount does
	// not yet: admission refuses the Pod.
	if _, err := alice.Create(podKind, pod("early"), api.WriteOptions{}); err == nil || !strings.Contains(err.Error(), `serviceaccount "default" not found`) {
		t.Fatalf("early pod: %v, want the ServiceAccount admission's refusal", err)
	}
	loop.RunFor(time.Second)
	if _, err := alice.Create(podKind, pod("web"), api.WriteOptions{}); err != nil {
		t.Fatalf("pod after the default ServiceAccount: %v", err)
	}
	rsKind := e.Kind("apps", "ReplicaSet")
	rs := object.New("apps/v1", "ReplicaSet")
	rs.Meta.Name, rs.Meta.Namespace = "owner", "demo"
	rs.Content["spec"] = map[string]any{"replicas": int64(1), "selector": map[string]any{"matchLabels": map[string]any{"app": "x"}},
		"template": map[string]any{"metadata": map[string]any{"labels": map[string]any{"app": "x"}}, "spec": pod("").Content["spec"]}}
	rs, err = alice.Create(rsKind, rs, api.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	owned := pod("owned")
	yes := true
	owned.Meta.OwnerReferences = []object.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "owner", UID: rs.Meta.UID, Controller: &yes, BlockOwnerDeletion: &yes}}
	if _, err := alice.Create(podKind, owned, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	loop.RunFor(time.Second)
	if _, err := alice.Delete(rsKind, "demo", "owner", api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	loop.RunFor(time.Second)
	if _, err := alice.Get(podKind, "demo", "owned"); !api.IsReason(err, api.ReasonNotFound) {
		t.Errorf("owned pod: %v, want it collected", err)
	}
	if _, err := alice.Delete(nsKind, "", "demo", api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	loop.RunFor(10 * time.Second)
	if _, err := alice.Get(nsKind, "", "demo"); !api.IsReason(err, api.ReasonNotFound) {
		t.Errorf("namespace demo: %v, want it gone", err)
	}

	// Who did what, as whom.
	for _, c := range []struct {
		actor, verb, resource string
	}{
		{"service-account-controller", "CREATE", "serviceaccounts"},
		{"generic-garbage-collector", "DELETE", "pods"},
		{"namespace-controller", "DELETECOLLECTION", "pods"},
		{"namespace-controller", "UPDATE", "namespaces/finalize"},
		{"controller-manager", "UPDATE", "leases"},
		{"controller-manager", "WATCH", "pods"},
	} {
		v, _ := trace.ParseVerb(c.verb)
		res, sub, _ := strings.Cut(c.resource, "/")
		ok := false
		for ev := range e.Log.Query(trace.From(c.actor), trace.Verbs(v)).All() {
			if ev.Resource == res && ev.Subresource == sub && ev.Outcome.Code < 300 {
				ok = true
			}
		}
		if !ok {
			t.Errorf("no successful %s %s by %s", c.verb, c.resource, c.actor)
		}
	}
	for ev := range e.Log.Query(trace.Or(trace.From("controller-manager"), trace.From(garbagecollector.Name),
		trace.From(namespace.Name), trace.From(serviceaccount.ServiceAccountsName)), trace.Code(403)).All() {
		t.Errorf("forbidden: %s %s %s %s/%s: %s", ev.From, ev.Verb, ev.Resource, ev.Namespace, ev.Name, ev.Outcome.Message)
	}
}
