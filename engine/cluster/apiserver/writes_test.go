package apiserver

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

const podsPath = "/api/v1/namespaces/demo/pods"

func TestCreateSetsSystemFields(t *testing.T) {
	h := newHarness(t)
	h.loop.RunFor(90 * time.Second)
	body := podBody("", nil)
	body["metadata"] = map[string]any{"generateName": "web-"}
	o := h.must(h.do("alice", "POST", podsPath, body)).Object
	if !strings.HasPrefix(o.Meta.Name, "web-") || len(o.Meta.Name) != len("web-")+5 {
		t.Errorf("generated name %q", o.Meta.Name)
	}
	if len(o.Meta.UID) != 36 || o.Meta.Generation != 1 || o.Meta.CreationTimestamp.Format(time.RFC3339) != "2026-01-01T00:01:30Z" {
		t.Errorf("meta %+v", o.Meta)
	}
	if o.GetString(".status.phase") != "Pending" || o.Meta.ResourceVersion != h.rev() {
		t.Errorf("status %v rv %s (store at %s)", o.Status(), o.Meta.ResourceVersion, h.rev())
	}
	if o.Spec()["terminationGracePeriodSeconds"] != int64(30) {
		t.Errorf("defaults not applied: %v", o.Spec())
	}
}

func (h *harness) rev() string { return formatRV(h.p.Store().Rev()) }

func TestUpdateGenerationAndSubresources(t *testing.T) {
	h := newHarness(t)
	path := "/apis/apps/v1/namespaces/demo/deployments"
	d := h.must(h.do("alice", "POST", path, deploymentBody("web", int64(3)))).Object
	if d.Meta.Generation != 1 {
		t.Fatalf("generation %d", d.Meta.Generation)
	}
	// A status update changes status only, never generation.
	st := d.DeepCopy().ToMap()
	st["status"] = map[string]any{"replicas": int64(3), "readyReplicas": int64(1)}
	st["spec"] = map[string]any{"replicas": int64(99)}
	d2 := h.must(h.do("alice", "PUT", path+"/web/status", st)).Object
	if d2.Meta.Generation != 1 {
		t.Fatalf("generation %d", d2.Meta.Generation)
	}
	if r, _, _ := d2.Get(".spec.replicas"); r != int64(3) {
		t.Errorf("status update changed spec.replicas to %v", r)
	}
	// A main update changes spec, keeps the stored status, bumps generation.
	body := d2.DeepCopy().ToMap()
	body["spec"].(map[string]any)["replicas"] = int64(5)
	delete(body, "status")
	d3 := h.must(h.do("alice", "PUT", path+"/web", body)).Object
	if d3.Meta.Generation != 2 || d3.Status()["readyReplicas"] != int64(1) {
		t.Errorf("generation %d status %v", d3.Meta.Generation, d3.Status())
	}
	// A no-op update writes nothing.
	before := h.rev()
	d4 := h.must(h.do("alice", "PUT", path+"/web", d3.ToMap())).Object
	if h.rev() != before || d4.Meta.ResourceVersion != d3.Meta.ResourceVersion {
		t.Errorf("no-op update wrote: %s -> %s", before, h.rev())
	}
	// Scale reads and writes spec.replicas through an autoscaling/v1 Scale.
	sc := h.must(h.do("alice", "GET", path+"/web/scale", nil)).Object
	if sc.Kind != "Scale" || sc.APIVersion != "autoscaling/v1" || sc.GetString(".status.selector") != "app=web" {
		t.Errorf("scale %+v", sc)
	}
	if r, _, _ := sc.Get(".spec.replicas"); r != int64(5) {
		t.Errorf("scale replicas %v", r)
	}
	sc2 := h.must(h.req(&api.Request{From: "alice", Method: "PATCH", Path: path + "/web/scale", PatchType: api.MergePatch,
		Patch: map[string]any{"spec": map[string]any{"replicas": int64(7)}}}, nil)).Object
	if r, _, _ := sc2.Get(".spec.replicas"); r != int64(7) {
		t.Errorf("patched scale %v", r)
	}
	bad := h.req(&api.Request{From: "alice", Method: "PATCH", Path: path + "/web/scale", PatchType: api.MergePatch,
		Patch: map[string]any{"spec": map[string]any{"replicas": int64(-1)}}}, nil)
	if bad.Code != 422 || bad.Status.Message != `Scale.autoscaling "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0` {
		t.Errorf("negative scale: %d %q", bad.Code, bad.Status.Message)
	}
}

func TestPatchTypes(t *testing.T) {
	h := newHarness(t)
	body := podBody("p", nil)
	body["spec"].(map[string]any)["containers"] = []any{
		map[string]any{"name": "web", "image": "web:v1", "env": []any{map[string]any{"name": "A", "value": "1"}}},
		map[string]any{"name": "side", "image": "side:v1"},
	}
	h.must(h.do("alice", "POST", podsPath, body))
	patch := func(pt api.PatchType, p map[string]any, ops []map[string]any) *api.Response {
		return h.req(&api.Request{From: "alice", Method: "PATCH", Path: podsPath + "/p", PatchType: pt, Patch: p, JSONPatch: ops}, nil)
	}
	containers := func(o *object.Object) []string {
		var out []string
		for _, c := range object.ViewPod(o).Containers {
			out = append(out, c.Name+"="+c.Image)
		}
		return out
	}
	// Strategic merge: containers merge by name.
	o := h.must(patch(api.StrategicMergePatch, map[string]any{"spec": map[string]any{"containers": []any{
		map[string]any{"name": "web", "image": "web:v2"}}}}, nil)).Object
	if got := containers(o); !slices.Equal(got, []string{"web=web:v2", "side=side:v1"}) {
		t.Errorf("strategic: %v", got)
	}
	// Merge patch on the metadata; the containers list would be replaced.
	o = h.must(patch(api.MergePatch, map[string]any{"metadata": map[string]any{"labels": map[string]any{"a": "b"}}}, nil)).Object
	if o.Meta.Labels["a"] != "b" {
		t.Errorf("merge: %v", o.Meta.Labels)
	}
	// JSON patch.
	o = h.must(patch(api.JSONPatch, nil, []map[string]any{
		{"op": "replace", "path": "/spec/containers/1/image", "value": "side:v2"},
		{"op": "add", "path": "/metadata/annotations", "value": map[string]any{"x": "y"}},
	})).Object
	if got := containers(o); !slices.Equal(got, []string{"web=web:v2", "side=side:v2"}) || o.Meta.Annotations["x"] != "y" {
		t.Errorf("json patch: %v %v", got, o.Meta.Annotations)
	}
	// A failing JSON patch test op is 422.
	resp := patch(api.JSONPatch, nil, []map[string]any{{"op": "test", "path": "/metadata/name", "value": "q"}})
	if resp.Code != 422 {
		t.Errorf("failed test op: %d %+v", resp.Code, resp.Status)
	}
	// Spec changes that validation forbids are 422 as for an update.
	resp = patch(api.MergePatch, map[string]any{"spec": map[string]any{"restartPolicy": "Never"}}, nil)
	if resp.Code != 422 {
		t.Errorf("patching an immutable field: %d", resp.Code)
	}
}

// TestGracefulPodDeletion follows a Pod through graceful deletion: the
// first delete marks it for 30 s, a second does not move the deadline,
// the kubelet's delete with grace 0 removes it; watchers see MODIFIED,
// then MODIFIED and DELETED.
func TestGracefulPodDeletion(t *testing.T) {
	h := newHarness(t)
	h.must(h.do("alice", "POST", podsPath, podBody("p", nil)))
	h.must(h.do("alice", "POST", podsPath+"/p/binding", bindingBody("p", "worker-a")))
	rec := &recorder{}
	h.must(h.req(&api.Request{From: "kubelet/worker-a", Token: "admin", Method: "GET", Path: podsPath,
		List: api.ListOptions{Watch: true, ResourceVersion: h.rev()}}, rec))
	h.loop.RunFor(10 * time.Second)
	resp := h.must(h.do("alice", "DELETE", podsPath+"/p", nil))
	o := resp.Object
	if o == nil || o.Meta.DeletionTimestamp == nil || *o.Meta.DeletionGracePeriodSeconds != 30 ||
		o.Meta.DeletionTimestamp.Format(time.RFC3339) != "2026-01-01T00:00:40Z" || o.Meta.Generation != 2 {
		t.Fatalf("after the first delete: %+v", resp)
	}
	before := h.rev()
	again := h.must(h.do("alice", "DELETE", podsPath+"/p", nil))
	if h.rev() != before || again.Object.Meta.DeletionTimestamp.Format(time.RFC3339) != "2026-01-01T00:00:40Z" {
		t.Errorf("a second delete changed the pod")
	}
	zero := int64(0)
	h.must(h.req(&api.Request{From: "kubelet/worker-a", Token: "admin", Method: "DELETE", Path: podsPath + "/p",
		Delete: api.DeleteOptions{GracePeriodSeconds: &zero}}, nil))
	if resp := h.do("alice", "GET", podsPath+"/p", nil); resp.Code != 404 {
		t.Errorf("pod still there: %d", resp.Code)
	}
	h.loop.RunFor(time.Second)
	var got []string
	for _, e := range rec.events {
		got = append(got, e.Type.String())
	}
	if want := []string{"MODIFIED", "MODIFIED", "DELETED"}; !slices.Equal(got, want) {
		t.Errorf("watch saw %v, want %v", got, want)
	}
}

func TestDeletion(t *testing.T) {
	tests := []struct {
		name       string
		body       map[string]any
		path       string
		opts       api.DeleteOptions
		gone       bool
		finalizers []string
		status     bool // answered with a Status rather than the object
	}{
		{name: "unscheduled pod goes at once", path: podsPath, body: podBody("p", nil), gone: true},
		{name: "configmap goes at once, answered with a Status", path: cmPath, body: cmBody("p", "x"), gone: true, status: true},
		{name: "foreground adds foregroundDeletion", path: cmPath, body: cmBody("p", "x"),
			opts: api.DeleteOptions{PropagationPolicy: api.PropagationForeground}, finalizers: []string{"foregroundDeletion"}},
		{name: "orphan adds orphan", path: cmPath, body: cmBody("p", "x"),
			opts: api.DeleteOptions{PropagationPolicy: api.PropagationOrphan}, finalizers: []string{"orphan"}},
		{name: "a finalizer keeps the object", path: cmPath, body: func() map[string]any {
			b := cmBody("p", "x")
			b["metadata"].(map[string]any)["finalizers"] = []any{"example.com/hold"}
			return b
		}(), finalizers: []string{"example.com/hold"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			h.must(h.do("alice", "POST", tt.path, tt.body))
			resp := h.must(h.req(&api.Request{From: "alice", Method: "DELETE", Path: tt.path + "/p", Delete: tt.opts}, nil))
			exists := h.do("alice", "GET", tt.path+"/p", nil).OK()
			if exists == tt.gone {
				t.Fatalf("exists=%v after delete", exists)
			}
			if tt.status != (resp.Object == nil) {
				t.Errorf("answer %+v", resp)
			}
			if !tt.gone {
				o := resp.Object
				if !slices.Equal(o.Meta.Finalizers, tt.finalizers) || o.Meta.DeletionTimestamp == nil || *o.Meta.DeletionGracePeriodSeconds != 0 {
					t.Errorf("meta %+v", o.Meta)
				}
				// Removing the finalizers completes the deletion.
				b := o.ToMap()
				delete(b["metadata"].(map[string]any), "finalizers")
				h.must(h.do("alice", "PUT", tt.path+"/p", b))
				if h.do("alice", "GET", tt.path+"/p", nil).Code != 404 {
					t.Errorf("still there after the finalizers went")
				}
			}
		})
	}
}

func TestPreconditionConflict(t *testing.T) {
	h := newHarness(t)
	h.must(h.do("alice", "POST", podsPath, podBody("p", nil)))
	resp := h.req(&api.Request{From: "alice", Method: "DELETE", Path: podsPath + "/p",
		Delete: api.DeleteOptions{Preconditions: &api.Preconditions{UID: "not-the-uid"}}}, nil)
	if resp.Code != 409 || !strings.HasPrefix(resp.Status.Message, `Operation cannot be fulfilled on Pod "p": the UID in the precondition (not-the-uid) does not match the UID in record (`) {
		t.Errorf("%d %q", resp.Code, resp.Status.Message)
	}
}

func TestNamespaceDeletion(t *testing.T) {
	h := newHarness(t)
	o := h.must(h.do("admin", "DELETE", "/api/v1/namespaces/demo", nil)).Object
	if o.GetString(".status.phase") != "Terminating" || o.Meta.DeletionTimestamp == nil {
		t.Fatalf("namespace after delete: %v %v", o.Status(), o.Meta.DeletionTimestamp)
	}
	// The namespace controller empties spec.finalizers through the
	// finalize subresource, which removes the terminating namespace.
	b := o.ToMap()
	b["spec"] = map[string]any{}
	h.must(h.do("admin", "PUT", "/api/v1/namespaces/demo/finalize", b))
	if h.do("admin", "GET", "/api/v1/namespaces/demo", nil).Code != 404 {
		t.Error("namespace still there")
	}
}

func TestServiceClusterIPs(t *testing.T) {
	h := newHarness(t)
	svc := func(name, ip string) map[string]any {
		spec := map[string]any{"selector": map[string]any{"app": "web"}, "ports": []any{map[string]any{"port": int64(80)}}}
		if ip != "" {
			spec["clusterIP"] = ip
		}
		return obj("v1", "Service", "", name, map[string]any{"spec": spec})
	}
	o := h.must(h.do("alice", "POST", "/api/v1/namespaces/demo/services", svc("web", ""))).Object
	ip := o.GetString(".spec.clusterIP")
	if !strings.HasPrefix(ip, "10.") || ip == "10.96.0.1" {
		t.Fatalf("clusterIP %q", ip)
	}
	resp := h.do("alice", "POST", "/api/v1/namespaces/demo/services", svc("other", ip))
	want := `Service "other" is invalid: spec.clusterIPs: Invalid value: ["` + ip + `"]: failed to allocate IP ` + ip + `: provided IP is already allocated`
	if resp.Code != 422 || resp.Status.Message != want {
		t.Errorf("taken address: %d %q\nwant %q", resp.Code, resp.Status.Message, want)
	}
	kube := h.must(h.do("alice", "GET", "/api/v1/namespaces/default/services/kubernetes", nil)).Object
	if kube.GetString(".spec.clusterIP") != "10.96.0.1" {
		t.Errorf("kubernetes service %v", kube.Spec())
	}
	h.must(h.do("alice", "DELETE", "/api/v1/namespaces/demo/services/web", nil))
	h.must(h.do("alice", "POST", "/api/v1/namespaces/demo/services", svc("again", ip)))
}

func TestEvictionDeletesGracefully(t *testing.T) {
	h := newHarness(t)
	h.must(h.do("alice", "POST", podsPath, podBody("p", nil)))
	h.must(h.do("alice", "POST", podsPath+"/p/binding", bindingBody("p", "worker-a")))
	ev := obj("policy/v1", "Eviction", "", "p", nil)
	resp := h.do("alice", "POST", podsPath+"/p/eviction", ev)
	if resp.Code != 201 || resp.Object != nil {
		t.Fatalf("eviction %d %+v", resp.Code, resp)
	}
	p := h.must(h.do("alice", "GET", podsPath+"/p", nil)).Object
	if p.Meta.DeletionTimestamp == nil || *p.Meta.DeletionGracePeriodSeconds != 30 {
		t.Errorf("evicted pod %+v", p.Meta)
	}
}

func TestConnectionRefusedWhenNoReplica(t *testing.T) {
	h := newHarness(t)
	h.p.StopAll()
	resp := h.do("alice", "GET", cmPath, nil)
	want := `Get "https://10.0.0.2:6443/api/v1/namespaces/demo/configmaps": dial tcp 10.0.0.2:6443: connect: connection refused`
	if resp.Code != 0 || resp.Status.Message != want {
		t.Fatalf("%d %q", resp.Code, resp.Status.Message)
	}
	last := h.p.Trace().At(h.p.Trace().Len() - 1)
	if last.To != EndpointActor || last.Outcome.Reason != ReasonConnectionRefused {
		t.Errorf("trace %+v", last)
	}
	h.p.StartAll()
	h.must(h.do("alice", "GET", cmPath, nil))
}
