package admission

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// provoking is a cluster in which every default plugin finds something to
// do or to refuse when it runs: a LimitRange with defaults and maxima, a
// quota whose usage is unknown, default storage and ingress classes, and a
// terminating namespace.
type provoking struct{ *cluster }

func (p provoking) LimitRanges(string) []*object.Object {
	lr := object.New("v1", "LimitRange")
	lr.Meta.Name = "limits"
	lr.Content["spec"] = map[string]any{"limits": []any{
		map[string]any{"type": "Container", "defaultRequest": map[string]any{"memory": "64Mi"}, "max": map[string]any{"cpu": "1m"}},
		map[string]any{"type": "PersistentVolumeClaim", "max": map[string]any{"storage": "1Gi"}},
	}}
	return []*object.Object{lr}
}

func (p provoking) Quotas(string) []*object.Object {
	q := object.New("v1", "ResourceQuota")
	q.Meta.Name = "everything"
	hard := map[string]any{"pods": "10", "persistentvolumeclaims": "10"}
	for _, gr := range scopeGrid {
		name := "count/" + gr.resource
		if gr.group != "" {
			name += "." + gr.group
		}
		hard[name] = "10"
	}
	q.Content["status"] = map[string]any{"hard": hard}
	return []*object.Object{q}
}

func (provoking) UpdateQuotaStatus(trace.Actor, *object.Object) error { return nil }

func (p provoking) classes(kind, annotation string) []*object.Object {
	c := object.New("v1", kind)
	c.Meta.Name = "standard"
	c.Meta.Annotations = map[string]string{annotation: "true"}
	return []*object.Object{c}
}

func (p provoking) StorageClasses() []*object.Object {
	return p.classes("StorageClass", "storageclass.kubernetes.io/is-default-class")
}

func (p provoking) StorageClass(name string) *object.Object {
	if name == "standard" {
		return p.StorageClasses()[0]
	}
	return nil
}

func (p provoking) IngressClasses() []*object.Object {
	return p.classes("IngressClass", "ingressclass.kubernetes.io/is-default-class")
}

// scopeGrid is the resources TestScopedPluginsSkipOnlyWhatTheyIgnore
// sends every operation on.
var scopeGrid = []struct{ group, resource, kind string }{
	{"", "pods", "Pod"},
	{"", "persistentvolumeclaims", "PersistentVolumeClaim"},
	{"", "persistentvolumes", "PersistentVolume"},
	{"", "namespaces", "Namespace"},
	{"", "configmaps", "ConfigMap"},
	{"networking.k8s.io", "ingresses", "Ingress"},
	{"apps", "deployments", "Deployment"},
}

// scopeObject is an object of kind that the plugins about it act on.
func scopeObject(kind, storage string) *object.Object {
	o := object.New("v1", kind)
	o.Meta.Namespace, o.Meta.Name = "ending", "x"
	switch kind {
	case "Pod":
		o.Content["spec"] = map[string]any{"containers": []any{map[string]any{"name": "web", "image": "nginx",
			"resources": map[string]any{"requests": map[string]any{"cpu": "100m"}}}}}
	case "PersistentVolumeClaim":
		o.Content["spec"] = map[string]any{"resources": map[string]any{"requests": map[string]any{"storage": storage}}}
	case "Namespace":
		o.Meta.Namespace, o.Meta.Name = "", "kube-system"
	}
	return o
}

// TestScopedPluginsSkipOnlyWhatTheyIgnore sends every operation on every
// resource of scopeGrid, and its subresources, to each Scoped plugin of
// the default chain in a cluster that provokes them all: a phase its
// Handles rules out must neither refuse nor change the object, and each
// plugin must act on at least one request its Handles admits (so that
// the cluster does provoke it).
func TestScopedPluginsSkipOnlyWhatTheyIgnore(t *testing.T) {
	c := newCluster(t)
	c.addNamespace("ending", nil, "Terminating")
	p := provoking{c}
	d := c.deps()
	d.LimitRanges, d.Quotas, d.Now = p, p, func() time.Time { return time.Time{} }
	d.StorageClasses, d.IngressClasses = p, p
	ops := []api.Operation{api.OpCreate, api.OpUpdate, api.OpDelete, api.OpConnect}
	acted := map[string]bool{}
	for _, plugin := range NewDefault(c.config(), d).Plugins() {
		s, ok := plugin.(Scoped)
		if !ok {
			continue
		}
		for _, gr := range scopeGrid {
			for _, sub := range []string{"", "status", "binding", "eviction", "finalize"} {
				for _, op := range ops {
					admit, validate := s.Handles(op, gr.group, gr.resource, sub)
					for _, phase := range []struct {
						name    string
						handles bool
						run     func(*api.AdmissionAttributes) *api.Status
					}{{"Admit", admit, plugin.Admit}, {"Validate", validate, plugin.Validate}} {
						a := c.attrs(t, op, gr.group, gr.resource, "ending", "x", nil, nil)
						a.Subresource = sub
						if op == api.OpCreate || op == api.OpUpdate {
							a.Object = scopeObject(gr.kind, "5Gi")
						}
						if op == api.OpUpdate {
							a.OldObject = scopeObject(gr.kind, "1Gi")
						}
						if gr.resource == "namespaces" {
							a.Namespace, a.Name = "", "kube-system"
						}
						before := a.Object.DeepCopy()
						st := phase.run(a)
						changed := !reflect.DeepEqual(before, a.Object)
						what := fmt.Sprintf("%s %s %s %s/%s/%s", plugin.Name(), phase.name, op, gr.group, gr.resource, sub)
						if !phase.handles && (st != nil || changed) {
							t.Errorf("%s: Handles rules it out, but it ran: status %s, object changed %v", what, statusString(st), changed)
						}
						if phase.handles && (st != nil || changed) {
							acted[plugin.Name()] = true
						}
					}
				}
			}
		}
	}
	for _, name := range []string{NamespaceLifecycleName, LimitRangerName, ServiceAccountName, PriorityName,
		DefaultTolerationSecondsName, DefaultIngressClassName, DefaultStorageClassName,
		StorageObjectInUseProtectionName, PersistentVolumeClaimResizeName, ResourceQuotaName} {
		if !acted[name] {
			t.Errorf("%s never acted on a request its Handles admits: the cluster does not provoke it", name)
		}
	}
}

// TestChainSkipsPluginsOutOfScope shows the chain asks Handles: a
// ConfigMap create reaches neither the Pod plugins nor the claim ones,
// and a Pod create still gets the ServiceAccount plugin's defaults.
func TestChainSkipsPluginsOutOfScope(t *testing.T) {
	c := newCluster(t)
	ch := c.chain()
	cm := c.attrs(t, api.OpCreate, "", "configmaps", "demo", "cfg", object.New("v1", "ConfigMap"), nil)
	sc := ch.scopes.of(ch, cm)
	var names []string
	for _, i := range append(sc.mutate, sc.validate...) {
		names = append(names, ch.plugins[i].Name())
	}
	want := []string{NamespaceLifecycleName, MutatingAdmissionWebhookName, ValidatingAdmissionWebhookName, // Admit
		MutatingAdmissionWebhookName, ValidatingAdmissionWebhookName, ResourceQuotaName} // Validate
	if !reflect.DeepEqual(names, want) {
		t.Errorf("a ConfigMap create runs %v, want %v", names, want)
	}
	pod := c.podCreate(t, "demo", "web", nil)
	if st := ch.Mutate(pod); st != nil {
		t.Fatal(statusString(st))
	}
	if sa, _ := pod.Object.Spec()["serviceAccountName"].(string); sa != "default" {
		t.Errorf("a Pod create was not defaulted by the ServiceAccount plugin: serviceAccountName %q", sa)
	}
}
