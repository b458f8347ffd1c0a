package apiserver

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/admission"
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// standardHarness is a control plane with the real authenticator,
// Node,RBAC authorizer, admission chain and API Priority and Fairness:
// admin is a superuser, alice may edit namespace demo (through the
// developers group), bob may do nothing.
type standardHarness struct {
	*harness
	authn   *auth.Authenticator
	reviews []string
	answer  func(t admission.Target, r *admission.Review) (*admission.ReviewResponse, error)
}

func newStandard(t testing.TB, tweak ...func(*Config)) *standardHarness {
	t.Helper()
	sh := &standardHarness{harness: &harness{t: t, loop: sim.NewLoop()}}
	caller := admission.CallerFunc(func(tg admission.Target, r *admission.Review) (*admission.ReviewResponse, error) {
		sh.reviews = append(sh.reviews, fmt.Sprintf("%s %s %s", tg.Webhook, r.Operation, r.Resource.Resource))
		if sh.answer != nil {
			return sh.answer(tg, r)
		}
		return r.Allow(), nil
	})
	cfg := Config{Loop: sh.loop, Rand: sim.NewRand(3)}
	for _, f := range tweak {
		f(&cfg)
	}
	p, authn, err := NewStandard(cfg, Standard{
		Users: []auth.User{
			{Name: "admin", Groups: []string{api.GroupMasters}, Token: "admin"},
			{Name: "alice", Groups: []string{"developers"}, Token: "alice"},
			{Name: "bob", Token: "bob"},
		},
		Webhooks: caller,
	})
	if err != nil {
		t.Fatal(err)
	}
	sh.p, sh.authn = p, authn
	sh.must(sh.do("admin", "POST", "/api/v1/namespaces", obj("v1", "Namespace", "", "demo", nil)))
	sh.must(sh.do("admin", "POST", "/api/v1/namespaces/demo/serviceaccounts", obj("v1", "ServiceAccount", "", "default", nil)))
	sh.must(sh.do("admin", "POST", "/apis/rbac.authorization.k8s.io/v1/namespaces/demo/rolebindings",
		obj("rbac.authorization.k8s.io/v1", "RoleBinding", "", "developers-edit", map[string]any{
			"roleRef":  map[string]any{"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "edit"},
			"subjects": []any{map[string]any{"apiGroup": "rbac.authorization.k8s.io", "kind": "Group", "name": "developers"}},
		})))
	return sh
}

func TestStandardGates(t *testing.T) {
	const deployPath = "/apis/apps/v1/namespaces/demo/deployments"
	tests := []struct {
		name    string
		user    string
		method  string
		path    string
		body    map[string]any
		code    int
		message string
	}{
		{"alice may create in demo", "alice", "POST", deployPath, deploymentBody("web", int64(3)), 201, ""},
		{"bob may not", "bob", "POST", deployPath, deploymentBody("web", int64(3)), 403,
			`deployments.apps is forbidden: User "bob" cannot create resource "deployments" in API group "apps" in the namespace "demo"`},
		{"alice may not list nodes", "alice", "GET", "/api/v1/nodes", nil, 403,
			`nodes is forbidden: User "alice" cannot list resource "nodes" in API group "" at the cluster scope`},
		{"anonymous may read /version", "", "GET", "/version", nil, 200, ""},
		{"anonymous may not list pods", "", "GET", "/api/v1/namespaces/demo/pods", nil, 403,
			`pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "demo"`},
		{"a wrong token is 401, not anonymous", "wrong", "GET", "/version", nil, 401, "Unauthorized"},
		{"namespace lifecycle: missing namespace", "admin", "POST", "/api/v1/namespaces/nope/configmaps", cmBody("x", "y"), 404,
			`namespaces "nope" not found`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sh := newStandard(t)
			rev := sh.p.Store().Rev()
			from := trace.Actor("client")
			if tt.user == "" {
				from = "anonymous"
			}
			resp := sh.req(&api.Request{From: from, Token: tt.user, Method: tt.method, Path: tt.path, Body: tt.body}, nil)
			if resp.Code != tt.code {
				t.Fatalf("got %d %+v, want %d", resp.Code, resp.Status, tt.code)
			}
			if !resp.OK() {
				if resp.Status.Message != tt.message {
					t.Errorf("got  %q\nwant %q", resp.Status.Message, tt.message)
				}
				if sh.p.Store().Rev() != rev {
					t.Errorf("a refused request moved the store")
				}
			}
		})
	}
}

func TestStandardAdmissionDefaults(t *testing.T) {
	sh := newStandard(t)
	o := sh.must(sh.do("alice", "POST", "/api/v1/namespaces/demo/pods", podBody("p", nil))).Object
	if o.GetString(".spec.serviceAccountName") != "default" {
		t.Errorf("serviceAccountName %q", o.GetString(".spec.serviceAccountName"))
	}
	var keys []string
	for _, tol := range podTolerations(o) {
		keys = append(keys, tol)
	}
	want := []string{"node.kubernetes.io/not-ready:NoExecute:300", "node.kubernetes.io/unreachable:NoExecute:300"}
	if !slices.Equal(keys, want) {
		t.Errorf("tolerations %v, want %v", keys, want)
	}
}

func webhookConfig(kind, name string, failurePolicy string) map[string]any {
	return obj("admissionregistration.k8s.io/v1", kind, "", name, map[string]any{"webhooks": []any{map[string]any{
		"name":                    name,
		"admissionReviewVersions": []any{"v1"},
		"sideEffects":             "None",
		"failurePolicy":           failurePolicy,
		"clientConfig":            map[string]any{"service": map[string]any{"namespace": "demo", "name": "policy"}},
		"rules": []any{map[string]any{"operations": []any{"CREATE", "UPDATE"}, "apiGroups": []any{"apps"},
			"apiVersions": []any{"v1"}, "resources": []any{"deployments"}}},
	}}})
}

func TestStandardWebhooks(t *testing.T) {
	const deployPath = "/apis/apps/v1/namespaces/demo/deployments"
	tests := []struct {
		name          string
		failurePolicy string
		answer        func(admission.Target, *admission.Review) (*admission.ReviewResponse, error)
		code          int
		message       string
	}{
		{"deny", "Fail", func(_ admission.Target, r *admission.Review) (*admission.ReviewResponse, error) {
			return r.Deny(403, "images must not use :latest"), nil
		}, 403, `admission webhook "deny.example.com" denied the request: images must not use :latest`},
		{"unreachable under Fail", "Fail", func(admission.Target, *admission.Review) (*admission.ReviewResponse, error) {
			return nil, &admission.TimeoutError{Timeout: 10 * time.Second}
		}, 500, `Internal error occurred: failed calling webhook "deny.example.com": failed to call webhook: Post "https://policy.demo.svc:443/?timeout=10s": context deadline exceeded`},
		{"unreachable under Ignore", "Ignore", func(admission.Target, *admission.Review) (*admission.ReviewResponse, error) {
			return nil, &admission.TimeoutError{Timeout: 10 * time.Second}
		}, 201, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sh := newStandard(t)
			sh.must(sh.do("admin", "POST", "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations",
				webhookConfig("ValidatingWebhookConfiguration", "deny.example.com", tt.failurePolicy)))
			sh.answer = tt.answer
			rev, from := sh.p.Store().Rev(), sh.p.Trace().Len()
			resp := sh.do("alice", "POST", deployPath, deploymentBody("web", int64(3)))
			if resp.Code != tt.code {
				t.Fatalf("got %d %+v", resp.Code, resp.Status)
			}
			if !resp.OK() {
				if resp.Status.Message != tt.message {
					t.Errorf("got  %q\nwant %q", resp.Status.Message, tt.message)
				}
				if sh.p.Store().Rev() != rev || sh.countVerb(from, trace.Persist) != 0 {
					t.Errorf("a refused write reached the store")
				}
			}
			if sh.countVerb(from, trace.Webhook) != 1 {
				t.Errorf("%d WEBHOOK events", sh.countVerb(from, trace.Webhook))
			}
			// Reads never reach admission.
			sh.reviews = nil
			sh.do("alice", "GET", deployPath, nil)
			sh.do("alice", "GET", deployPath+"/web", nil)
			sh.req(&api.Request{From: "alice", Token: "alice", Method: "GET", Path: deployPath, List: api.ListOptions{Watch: true}}, &recorder{})
			if len(sh.reviews) != 0 {
				t.Errorf("reads called webhooks: %v", sh.reviews)
			}
		})
	}
}

// TestStandardOverload floods the API as one user at one instant: API
// Priority and Fairness fills global-default's seats and queues, then
// answers 429, while a system:masters request still goes through.
func TestStandardOverload(t *testing.T) {
	sh := newStandard(t)
	var first *api.Response
	n := 0
	for i := range 1000 {
		resp := sh.do("alice", "GET", fmt.Sprintf("/api/v1/namespaces/demo/configmaps/c%d", i), nil)
		if resp.Code == 429 {
			n++
			if first == nil {
				first = resp
			}
		}
	}
	if first == nil {
		t.Fatal("no request was rejected")
	}
	if first.Status.Message != "Too many requests, please try again later." || first.Status.RetryAfterSeconds < 1 {
		t.Errorf("429: %+v", first.Status)
	}
	if resp := sh.do("admin", "GET", "/api/v1/namespaces/demo/configmaps", nil); resp.Code != 200 {
		t.Errorf("exempt request: %d", resp.Code)
	}
	t.Logf("%d of 1000 rejected", n)
}

// podTolerations renders a Pod's tolerations as key:effect:seconds.
func podTolerations(o *object.Object) []string {
	var out []string
	for _, tol := range object.ViewPod(o).Tolerations {
		s := tol.Key + ":" + tol.Effect
		if tol.TolerationSeconds != nil {
			s += fmt.Sprintf(":%d", *tol.TolerationSeconds)
		}
		out = append(out, s)
	}
	return out
}

// TestStandardClaimResize grows two bound claims: the API server lets
// through the one whose StorageClass allows expansion and refuses the
// other in validating admission (PersistentVolumeClaimResize), with a
// v1.37 API server's message, before anything is stored.
func TestStandardClaimResize(t *testing.T) {
	sh := newStandard(t)
	for name, expand := range map[string]bool{"expandable": true, "fixed": false} {
		sh.must(sh.do("admin", "POST", "/apis/storage.k8s.io/v1/storageclasses", obj("storage.k8s.io/v1", "StorageClass", "", name,
			map[string]any{"provisioner": "example.com/fake", "allowVolumeExpansion": expand, "volumeBindingMode": "Immediate"})))
		path := "/api/v1/namespaces/demo/persistentvolumeclaims"
		claim := sh.must(sh.do("admin", "POST", path, obj("v1", "PersistentVolumeClaim", "", "claim-"+name, map[string]any{
			"spec": map[string]any{"storageClassName": name, "accessModes": []any{"ReadWriteOnce"},
				"resources": map[string]any{"requests": map[string]any{"storage": "1Gi"}}}}))).Object.ToMap()
		claim["status"] = map[string]any{"phase": "Bound", "capacity": map[string]any{"storage": "1Gi"}}
		sh.must(sh.do("admin", "PUT", path+"/claim-"+name+"/status", claim))
	}
	for _, tt := range []struct{ claim, message string }{
		{"claim-expandable", ""},
		{"claim-fixed", `persistentvolumeclaims "claim-fixed" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize`},
	} {
		rev := sh.p.Store().Rev()
		from := sh.p.Trace().Len()
		resp := sh.req(&api.Request{From: "alice", Method: "PATCH", Path: "/api/v1/namespaces/demo/persistentvolumeclaims/" + tt.claim,
			PatchType: api.MergePatch, Patch: map[string]any{"spec": map[string]any{"resources": map[string]any{"requests": map[string]any{"storage": "3Gi"}}}}}, nil)
		if tt.message == "" {
			sh.must(resp)
			continue
		}
		if resp.OK() || resp.Code != 403 || resp.Status.Message != tt.message {
			t.Fatalf("%s: got %d %+v, want 403 %q", tt.claim, resp.Code, resp.Status, tt.message)
		}
		if sh.p.Store().Rev() != rev {
			t.Errorf("%s: the refused resize moved the store", tt.claim)
		}
		stopped := ""
		for i := from; i < sh.p.Trace().Len(); i++ {
			if ev := sh.p.Trace().At(i); ev.Verb == trace.Admit && ev.Outcome.Failed() {
				stopped = ev.Phase.String() + " " + ev.Detail
			}
		}
		if !strings.Contains(stopped, "PersistentVolumeClaimResize") {
			t.Errorf("%s: refused at %q, want validating admission by PersistentVolumeClaimResize", tt.claim, stopped)
		}
	}
}

// TestStandardRBACFollowsReplicas changes Bob's binding while one replica
// or the other is down: the RBAC authorizer reads whichever replica's
// caches are up, and its answers follow every change.
func TestStandardRBACFollowsReplicas(t *testing.T) {
	sh := newStandard(t, func(c *Config) { c.Replicas = 2 })
	const bindings = "/apis/rbac.authorization.k8s.io/v1/namespaces/demo/rolebindings"
	viewBinding := obj("rbac.authorization.k8s.io/v1", "RoleBinding", "", "bob-view", map[string]any{
		"roleRef":  map[string]any{"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "view"},
		"subjects": []any{map[string]any{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": "bob"}},
	})
	steps := []struct {
		name   string
		change func()
		code   int
	}{
		{"unbound", func() {}, 403},
		{"bound while the first replica is down", func() {
			if err := sh.p.Kill(ReplicaName(0)); err != nil {
				t.Fatal(err)
			}
			sh.must(sh.do("admin", "POST", bindings, viewBinding))
		}, 200},
		{"unbound while the second replica is down", func() {
			if err := sh.p.Restart(ReplicaName(0)); err != nil {
				t.Fatal(err)
			}
			if err := sh.p.Kill(ReplicaName(1)); err != nil {
				t.Fatal(err)
			}
			sh.must(sh.do("admin", "DELETE", bindings+"/bob-view", nil))
		}, 403},
		{"bound again with both up", func() {
			if err := sh.p.Restart(ReplicaName(1)); err != nil {
				t.Fatal(err)
			}
			sh.must(sh.do("admin", "POST", bindings, viewBinding))
		}, 200},
	}
	for _, s := range steps {
		s.change()
		sh.loop.RunFor(time.Second) // the watch caches take the writes in
		for try := range 2 {        // the second answer may come from the kept decisions
			if resp := sh.do("bob", "GET", "/api/v1/namespaces/demo/pods", nil); resp.Code != s.code {
				t.Errorf("%s, try %d: got %d %+v, want %d", s.name, try, resp.Code, resp.Status, s.code)
			}
		}
	}
}
