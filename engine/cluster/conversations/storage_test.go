package conversations_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// storageClasses are conversation 16's classes of one CSI driver: one
// that waits for the first consumer, one that provisions at once.
const storageClasses = `
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: zonal
  annotations: {csi.loopbook.dev/driver: "true"}
provisioner: csi.example.com
volumeBindingMode: WaitForFirstConsumer
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: fast}
provisioner: csi.example.com
volumeBindingMode: Immediate
`

// claim is PersistentVolumeClaim demo/NAME of class.
func claim(name, class string) string {
	return "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: " + name + ", namespace: demo}\n" +
		"spec: {storageClassName: " + class + ", accessModes: [ReadWriteOnce], resources: {requests: {storage: 5Gi}}}\n"
}

// consumer is Pod demo/NAME mounting claim.
func consumer(name, claim string) string {
	return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: demo}\n" +
		"spec:\n  containers: [{name: app, image: \"web:v1\", volumeMounts: [{name: data, mountPath: /data}]}]\n" +
		"  volumes: [{name: data, persistentVolumeClaim: {claimName: " + claim + "}}]\n"
}

// Conversation 16, and the named case: a claim of a WaitForFirstConsumer
// class stays Pending, with no call to the provider, until a Pod using
// it is being scheduled. The scheduler's VolumeBinding picks a node,
// writes volume.kubernetes.io/selected-node on the claim (PreBind); the
// provisioner creates the volume in that node's zone (EXTERNAL
// CSI.CreateVolume) and writes the PV; the PV controller binds the
// claim; only then, at PreBind's next one-second check, does the
// scheduler write the Pod's binding. An Immediate class provisions at
// once.
func TestDynamicProvisioning(t *testing.T) {
	c := started(t, fixture(t, 16, storageClasses))
	mark := c.Trace().Len()
	apply(t, c, "alice", claim("data", "zonal"))
	c.RunFor(2 * time.Minute)
	if p := stored(c, "", "PersistentVolumeClaim", "demo", "data").GetString(".status.phase"); p != "Pending" {
		t.Fatalf("WaitForFirstConsumer claim without a consumer is %s, want Pending", p)
	}
	if n := len(c.StorageProvider().Volumes()); n != 0 {
		t.Fatalf("%d volumes created before a consumer", n)
	}
	apply(t, c, "alice", consumer("db", "data"))
	bound := func(name string) func() bool {
		return func() bool {
			p := stored(c, "", "PersistentVolumeClaim", "demo", name)
			return p != nil && p.GetString(".status.phase") == "Bound"
		}
	}
	if !c.RunUntil(bound("data"), 2*time.Minute) {
		t.Fatal("data not bound after its consumer was created")
	}
	pvc := stored(c, "", "PersistentVolumeClaim", "demo", "data")
	if n := stored(c, "", "Pod", "demo", "db").GetString(".spec.nodeName"); n != "" {
		t.Errorf("db bound to %s before its claim was bound", n)
	}
	scheduled := func() bool { return stored(c, "", "Pod", "demo", "db").GetString(".spec.nodeName") != "" }
	if !c.RunUntil(scheduled, time.Minute) {
		t.Fatal("db not bound to a node after its claim was bound")
	}
	node := stored(c, "", "Pod", "demo", "db").GetString(".spec.nodeName")
	if sel := pvc.Meta.Annotations["volume.kubernetes.io/selected-node"]; sel != node {
		t.Errorf("claim's selected node %q, Pod bound to %q", sel, node)
	}
	zone := map[string]string{"worker-a": "a", "worker-b": "b"}[node]
	vols := c.StorageProvider().Volumes()
	if len(vols) != 1 || vols[0].Zone != zone {
		t.Errorf("volumes %+v, want one in zone %s of %s", vols, zone, node)
	}
	pv := stored(c, "", "PersistentVolume", "", pvc.GetString(".spec.volumeName"))
	if pv == nil || pv.GetString(".status.phase") != "Bound" || pv.GetString(".spec.csi.driver") != "csi.example.com" {
		t.Errorf("volume %v", pv)
	}
	keep := func(ev *trace.Event) bool {
		switch ev.From {
		case "alice", "csi-provisioner", "persistent-volume-binder", "scheduler":
			return story(ev) && ev.Resource != "events"
		}
		return false
	}
	golden(t, "storage.txt", table(c.Trace(), mark, keep))

	apply(t, c, "alice", claim("scratch", "fast"))
	if !c.RunUntil(bound("scratch"), time.Minute) {
		t.Error("Immediate claim not bound without a consumer")
	}
}
