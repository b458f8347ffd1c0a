package cluster_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

const shelfVolumes = `apiVersion: v1
kind: PersistentVolume
metadata: {name: small}
spec: {capacity: {storage: 1Gi}, accessModes: [ReadWriteOnce], storageClassName: shelf, hostPath: {path: /data/a}}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: big}
spec: {capacity: {storage: 5Gi}, accessModes: [ReadWriteOnce], storageClassName: shelf, hostPath: {path: /data/b}}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: shared}
spec: {capacity: {storage: 1Gi}, accessModes: [ReadWriteOnce, ReadWriteMany], storageClassName: shelf, nfs: {server: nfs.example.com, path: /export}}
`

// claimYAML is claim demo/NAME of size in class ("" for the empty class,
// "-" for none).
func claimYAML(name, size, class string) string {
	c := ""
	switch class {
	case "-":
	case "":
		c = `, storageClassName: ""`
	default:
		c = ", storageClassName: " + class
	}
	return `apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: ` + name + `, namespace: demo}
spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: ` + size + `}}` + c + `}
`
}

// volumesCluster is the two workers with the shelf volumes among the
// fixture's objects, settled.
func volumesCluster(t *testing.T) *cluster.Cluster {
	t.Helper()
	cfg := twoWorkers(1)
	cfg.Objects = append(cfg.Objects, decode(t, shelfVolumes)...)
	return started(t, cfg)
}

// eventsFor is the reason: message of each Event about demo/name, in
// order.
func eventsFor(t *testing.T, c *cluster.Cluster, name string) []string {
	t.Helper()
	var out []string
	for _, e := range list(t, c, "", "Event", "demo", "") {
		if object.StringAt(e.Content, "involvedObject", "name") == name {
			out = append(out, object.StringAt(e.Content, "reason")+": "+object.StringAt(e.Content, "message"))
		}
	}
	return out
}

// The PV controller binds a claim to the smallest Available volume of its
// class that fits, preferring the volumes with the fewest access modes,
// in four writes, as kube-controller-manager v1.37 does; both objects
// carry their protection finalizers.
func TestStaticBinding(t *testing.T) {
	c := volumesCluster(t)
	for _, name := range []string{"small", "big", "shared"} {
		v := get(c, "", "PersistentVolume", "", name)
		if got := v.GetString(".status.phase"); got != "Available" {
			t.Errorf("volume %s is %s before any claim, want Available", name, got)
		}
		if v.GetString(".status.lastPhaseTransitionTime") == "" {
			t.Errorf("volume %s has no lastPhaseTransitionTime", name)
		}
		if !slices.Equal(v.Meta.Finalizers, []string{object.FinalizerPVProtection}) {
			t.Errorf("volume %s finalizers = %q", name, v.Meta.Finalizers)
		}
	}
	from := c.Trace().Len()
	apply(t, c, "alice", claimYAML("data", "500Mi", "shelf"))
	c.RunFor(10 * time.Second)
	pvc := get(c, "", "PersistentVolumeClaim", "demo", "data")
	if got := pvc.GetString(".spec.volumeName"); got != "small" {
		t.Fatalf("claim bound to %q, want small (the smallest with the fewest modes)", got)
	}
	if got := pvc.GetString(".status.phase") + " " + pvc.GetString(".status.capacity.storage"); got != "Bound 1Gi" {
		t.Errorf("claim status = %s, want Bound 1Gi", got)
	}
	for _, a := range []string{"pv.kubernetes.io/bind-completed", "pv.kubernetes.io/bound-by-controller"} {
		if pvc.Meta.Annotations[a] != "yes" {
			t.Errorf("claim lacks %s: %v", a, pvc.Meta.Annotations)
		}
	}
	if !slices.Equal(pvc.Meta.Finalizers, []string{object.FinalizerPVCProtection}) {
		t.Errorf("claim finalizers = %q", pvc.Meta.Finalizers)
	}
	if got := pvc.GetString(`.status.conditions[type=Unused].reason`); got != "NoPodsUsingPVC" {
		t.Errorf("claim Unused reason = %q, want NoPodsUsingPVC", got)
	}
	v := get(c, "", "PersistentVolume", "", "small")
	if v.GetString(".status.phase") != "Bound" || v.GetString(".spec.claimRef.uid") != pvc.Meta.UID ||
		v.Meta.Annotations["pv.kubernetes.io/bound-by-controller"] != "yes" {
		t.Errorf("volume small: phase %s, claimRef %v, annotations %v", v.GetString(".status.phase"), v.Spec()["claimRef"], v.Meta.Annotations)
	}
	want := []string{
		"persistent-volume-binder UPDATE persistentvolumes small",
		"persistent-volume-binder UPDATE persistentvolumes/status small",
		"persistent-volume-binder UPDATE persistentvolumeclaims demo/data",
		"persistent-volume-binder UPDATE persistentvolumeclaims/status demo/data",
	}
	var got []string
	for i := from; i < c.Trace().Len(); i++ {
		if e := c.Trace().At(i); e.From == "persistent-volume-binder" && e.Resource != "events" && (e.Verb == trace.Update || e.Verb == trace.Create) {
			got = append(got, strings.TrimSpace(string(e.From)+" "+e.Verb.String()+" "+e.Resource+subresource(e.Subresource)+" "+key(e.Namespace, e.Name)))
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("binder writes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, name := range []string{"big", "shared"} {
		if got := get(c, "", "PersistentVolume", "", name).GetString(".status.phase"); got != "Available" {
			t.Errorf("volume %s is %s, want Available", name, got)
		}
	}
}

func subresource(s string) string {
	if s == "" {
		return ""
	}
	return "/" + s
}

func key(ns, name string) string {
	if ns == "" {
		return name
	}
	return ns + "/" + name
}

// A claim that no volume serves stays Pending, with the PV controller's
// Event saying why, as a v1.37 cluster says it.
func TestUnboundClaimEvents(t *testing.T) {
	c := volumesCluster(t)
	apply(t, c, "alice", claimYAML("huge", "100Gi", "")+"---\n"+claimYAML("ghost", "1Gi", "ghost"))
	c.RunFor(10 * time.Second)
	for name, want := range map[string]string{
		"huge":  "FailedBinding: no persistent volumes available for this claim and no storage class is set",
		"ghost": `ProvisioningFailed: storageclass.storage.k8s.io "ghost" not found`,
	} {
		if got := get(c, "", "PersistentVolumeClaim", "demo", name).GetString(".status.phase"); got != "Pending" {
			t.Errorf("claim %s is %s, want Pending", name, got)
		}
		if got := eventsFor(t, c, name); !slices.Contains(got, want) {
			t.Errorf("events of %s = %q, want %q", name, got, want)
		}
	}
}

// A claim in use stays Terminating until its last Pod goes; then the
// volume, Released (Retain), can be deleted, which it could not while
// Bound.
func TestStorageProtection(t *testing.T) {
	c := volumesCluster(t)
	apply(t, c, "alice", claimYAML("data", "500Mi", "shelf")+`---
apiVersion: v1
kind: Pod
metadata: {name: db, namespace: demo}
spec:
  containers: [{name: db, image: "db:v1"}]
  volumes: [{name: data, persistentVolumeClaim: {claimName: data}}]
`)
	c.RunFor(20 * time.Second)
	if got := get(c, "", "PersistentVolumeClaim", "demo", "data").GetString(`.status.conditions[type=Unused].reason`); got != "PodUsingPVC" {
		t.Errorf("Unused reason with the Pod running = %q, want PodUsingPVC", got)
	}
	admin := c.Admin()
	pvK, pvcK, podK := c.Env().Kind("", "PersistentVolume"), c.Env().Kind("", "PersistentVolumeClaim"), c.Env().Kind("", "Pod")
	if _, err := admin.Delete(pvK, "", "small", api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Client("alice").Delete(pvcK, "demo", "data", api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	c.RunFor(30 * time.Second)
	pvc := get(c, "", "PersistentVolumeClaim", "demo", "data")
	if pvc == nil || pvc.Meta.DeletionTimestamp == nil {
		t.Fatalf("claim in use: %v, want it kept, Terminating", pvc)
	}
	if v := get(c, "", "PersistentVolume", "", "small"); v == nil || v.Meta.DeletionTimestamp == nil {
		t.Fatalf("bound volume: %v, want it kept, Terminating", v)
	}
	if _, err := c.Client("alice").Delete(podK, "demo", "db", api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if !c.RunUntil(func() bool { return get(c, "", "PersistentVolume", "", "small") == nil }, 2*time.Minute) {
		t.Fatalf("volume still there at %s: claim %v", c.Now(), get(c, "", "PersistentVolumeClaim", "demo", "data"))
	}
	if pvc := get(c, "", "PersistentVolumeClaim", "demo", "data"); pvc != nil {
		t.Errorf("claim still there once its Pod is gone: %v", pvc.Meta)
	}
}
