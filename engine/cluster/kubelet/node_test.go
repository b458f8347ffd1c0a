package kubelet

import (
	"reflect"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// A kubelet's first eleven seconds: the Lease cannot be created before the
// Node exists (its owner reference needs the Node's UID), the Node is
// registered 100 ms after start and its status reported at once, and the
// Lease follows at the next renewal.
func TestNodeRegistration(t *testing.T) {
	c := newCluster(t, nil, "worker-a")
	c.start("worker-a")
	c.runFor(11 * time.Second)
	golden(t, "register", c.traceLines(0, byKubelets))

	node := c.get("Node", "", "worker-a")
	v := object.ViewNode(node)
	wantLabels := map[string]string{
		"kubernetes.io/hostname": "worker-a", "kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
		"beta.kubernetes.io/os": "linux", "beta.kubernetes.io/arch": "amd64", "topology.kubernetes.io/zone": "a",
	}
	if len(v.Labels) != len(wantLabels) {
		t.Errorf("labels = %v, want %v", v.Labels, wantLabels)
	}
	for k, want := range wantLabels {
		if v.Labels[k] != want {
			t.Errorf("label %s = %q, want %q", k, v.Labels[k], want)
		}
	}
	fields := []struct {
		path string
		want any
	}{
		{".status.capacity.cpu", "4"},
		{".status.capacity.memory", "8Gi"},
		{".status.capacity.pods", "110"},
		{".status.allocatable.cpu", "4"},
		{".status.allocatable.memory", "8092Mi"}, // 8Gi minus the 100Mi hard eviction threshold
		{".status.allocatable.ephemeral-storage", "90Gi"},
		{".status.addresses[type=InternalIP].address", "10.0.1.11"},
		{".status.addresses[type=Hostname].address", "worker-a"},
		{".status.nodeInfo.kubeletVersion", "v1.37.0"},
		{".status.nodeInfo.containerRuntimeVersion", "containerd://2.2.0"},
		{".status.nodeInfo.osImage", "Ubuntu 24.04.3 LTS"},
		{".status.nodeInfo.architecture", "amd64"},
		{".status.nodeInfo.operatingSystem", "linux"},
		{".status.daemonEndpoints.kubeletEndpoint.Port", int64(10250)},
		{".status.conditions[type=Ready].status", "True"},
		{".status.conditions[type=Ready].reason", "KubeletReady"},
		{".status.conditions[type=Ready].message", "kubelet is posting ready status"},
		{".status.conditions[type=MemoryPressure].reason", "KubeletHasSufficientMemory"},
		{".status.conditions[type=MemoryPressure].message", "kubelet has sufficient memory available"},
		{".status.conditions[type=DiskPressure].reason", "KubeletHasNoDiskPressure"},
		{".status.conditions[type=DiskPressure].message", "kubelet has no disk pressure"},
		{".status.conditions[type=PIDPressure].reason", "KubeletHasSufficientPID"},
		{".status.conditions[type=PIDPressure].message", "kubelet has sufficient PID available"},
		{".status.conditions[type=PIDPressure].status", "False"},
		{".status.conditions[type=Ready].lastTransitionTime", "2026-01-01T00:00:00Z"},
		{".status.conditions[type=Ready].lastHeartbeatTime", "2026-01-01T00:00:00Z"}, // unchanged since: no report
	}
	for _, f := range fields {
		t.Run(f.path, func(t *testing.T) {
			if got, _, _ := node.Get(f.path); got != f.want {
				t.Errorf("%s = %#v, want %#v", f.path, got, f.want)
			}
		})
	}
	if got := len(v.Conditions); got != 4 || v.Conditions[3].Type != "Ready" {
		t.Errorf("conditions = %+v, want MemoryPressure, DiskPressure, PIDPressure, Ready", v.Conditions)
	}

	lease := c.get("Lease", "kube-node-lease", "worker-a")
	lv := object.ViewLease(lease)
	if lv.HolderIdentity != "worker-a" || lv.LeaseDurationSeconds != 40 {
		t.Errorf("lease holder %q duration %d, want worker-a 40", lv.HolderIdentity, lv.LeaseDurationSeconds)
	}
	refs := lease.Meta.OwnerReferences
	if len(refs) != 1 || refs[0].Kind != "Node" || refs[0].Name != "worker-a" || refs[0].UID != node.Meta.UID {
		t.Errorf("lease owner references = %+v, want the Node", refs)
	}
}

// The Lease is renewed every 10 s (a jitter of 4 % at most), and the Node's
// status is patched only when it changes or when the report period (5 min
// plus a delay of ±2.5 min drawn after a change) has passed.
func TestHeartbeat(t *testing.T) {
	c := newCluster(t, nil, "worker-a")
	c.start("worker-a")
	c.runFor(31 * time.Minute)

	renewals := c.log.Query(trace.From("kubelet/worker-a"), trace.Verbs(trace.Update), trace.Resource("leases")).Events()
	if len(renewals) < 175 || len(renewals) > 185 {
		t.Errorf("%d lease renewals in 31 minutes, want about 180", len(renewals))
	}
	for i := 1; i < len(renewals); i++ {
		d := renewals[i].Time.Sub(renewals[i-1].Time)
		if d < 10*time.Second || d >= 10400*time.Millisecond {
			t.Errorf("renewal %d came %v after the previous one, want [10s, 10.4s)", i, d)
		}
	}
	patches := c.log.Query(trace.From("kubelet/worker-a"), trace.Verbs(trace.Patch), trace.Resource("nodes/status")).Events()
	var times []sim.Time
	for _, p := range patches {
		times = append(times, p.Time)
	}
	if len(times) < 6 || times[0] != sim.Time(100*time.Millisecond) {
		t.Fatalf("node status patches at %v, want the first at 0.1s and about one every 5 minutes", times)
	}
	// The second carries the images (pause is on the node from the start,
	// so nothing changes): the first report's random delay applies.
	first := times[1].Sub(times[0])
	if first < 150*time.Second || first > 450*time.Second+10400*time.Millisecond {
		t.Errorf("second report %v after the first, want 5m ± 2m30s", first)
	}
	for i := 2; i < len(times); i++ {
		d := times[i].Sub(times[i-1])
		if d < 5*time.Minute || d >= 5*time.Minute+10400*time.Millisecond {
			t.Errorf("report %d came %v after the previous one, want [5m, 5m10.4s)", i, d)
		}
	}
	node := c.get("Node", "", "worker-a")
	if hb := node.GetString(".status.conditions[type=Ready].lastHeartbeatTime"); hb != times[len(times)-1].RFC3339() {
		t.Errorf("lastHeartbeatTime = %s, want the last report's %s", hb, times[len(times)-1].RFC3339())
	}
}

// A renewal shares the metadata of the Lease it last read, which is the
// API server's: renewing must leave that object as it was.
func TestLeaseRenewalLeavesTheLeaseReadAsItWas(t *testing.T) {
	c := newCluster(t, nil, "worker-a")
	c.start("worker-a")
	c.runFor(15 * time.Second)
	lc := c.kubelets["worker-a"].l.lease
	read := lc.latest
	if read == nil || len(read.Meta.OwnerReferences) != 1 {
		t.Fatalf("no Lease with its owner read: %v", read)
	}
	before := read.DeepCopy()
	c.runFor(time.Minute)
	if lc.latest == read {
		t.Fatal("no renewal since")
	}
	if !reflect.DeepEqual(read, before) {
		t.Errorf("renewing changed the Lease read:\n%v\nwas\n%v", read, before)
	}
}

// A machine's capacity and allocatable are those computed from its
// capacity, shared or not, and the machine status's shared parts are what
// their functions make.
func TestResourcesAreComputed(t *testing.T) {
	for _, capacity := range []map[string]string{nil, {}, {"cpu": "8"}, {"memory": "1Gi", "pods": "10"}, {"nvidia.com/gpu": "1"}} {
		k := &Kubelet{cfg: Config{Capacity: capacity}}
		c, a := k.resources()
		want := k.capacity()
		if !reflect.DeepEqual(c, stringMap(want)) || !reflect.DeepEqual(a, stringMap(allocatableOf(want))) {
			t.Errorf("capacity %v: resources = %v, %v", capacity, c, a)
		}
	}
	if !reflect.DeepEqual(machineRuntimeHandlers, runtimeHandlers()) {
		t.Errorf("machineRuntimeHandlers = %v", machineRuntimeHandlers)
	}
}
