package plugins

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
	"github.com/loopbook/loopbook/engine/cluster/volume"
)

// fakeVolumes is plugins.Volumes over fixed objects; writes are kept.
type fakeVolumes struct {
	objs    []*object.Object
	written []*object.Object
}

func (f *fakeVolumes) find(kind, ns, name string) (*object.Object, bool) {
	for _, o := range f.objs {
		if o.Kind == kind && o.Meta.Namespace == ns && o.Meta.Name == name {
			return o, true
		}
	}
	return nil, false
}
func (f *fakeVolumes) Claim(ns, name string) (*object.Object, bool) {
	return f.find("PersistentVolumeClaim", ns, name)
}
func (f *fakeVolumes) Volume(name string) (*object.Object, bool) {
	return f.find("PersistentVolume", "", name)
}
func (f *fakeVolumes) StorageClass(name string) (*object.Object, bool) {
	return f.find("StorageClass", "", name)
}
func (f *fakeVolumes) PersistentVolumes() []*object.Object {
	var out []*object.Object
	for _, o := range f.objs {
		if o.Kind == "PersistentVolume" {
			out = append(out, o)
		}
	}
	return out
}
func (f *fakeVolumes) PodUID(string, string) string { return "" }
func (f *fakeVolumes) UpdateClaim(o *object.Object, done func(*object.Object, error)) {
	f.written = append(f.written, o)
	done(o, nil)
}
func (f *fakeVolumes) UpdateVolume(o *object.Object, done func(*object.Object, error)) {
	f.written = append(f.written, o)
	done(o, nil)
}
func (f *fakeVolumes) After(time.Duration, func()) func() { return func() {} }

const (
	wffcClass = "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: zonal}\nprovisioner: csi.example.com\nvolumeBindingMode: WaitForFirstConsumer\n"
	zoneBOnly = "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: only-b}\nprovisioner: csi.example.com\nvolumeBindingMode: WaitForFirstConsumer\n" +
		"allowedTopologies: [{matchLabelExpressions: [{key: topology.kubernetes.io/zone, values: [b]}]}]\n"
	immClass = "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: fast}\nprovisioner: csi.example.com\nvolumeBindingMode: Immediate\n"
	zoneAPV  = "apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: pv-a}\nspec: {storageClassName: zonal, capacity: {storage: 5Gi}, accessModes: [ReadWriteOnce], nodeAffinity: {required: {nodeSelectorTerms: [{matchExpressions: [{key: topology.kubernetes.io/zone, operator: In, values: [a]}]}]}}}\nstatus: {phase: Available}\n"
	noProvSC = "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: local}\nprovisioner: kubernetes.io/no-provisioner\nvolumeBindingMode: WaitForFirstConsumer\n"
	boundToA = "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: data, namespace: demo, annotations: {pv.kubernetes.io/bind-completed: \"yes\"}}\nspec: {storageClassName: zonal, volumeName: pv-a, resources: {requests: {storage: 5Gi}}}\n"
)

// claimOf is PVC demo/data of class.
func claimOf(class string) string {
	return "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: data, namespace: demo}\nspec: {storageClassName: " + class + ", accessModes: [ReadWriteOnce], resources: {requests: {storage: 5Gi}}}\n"
}

// VolumeBinding's PreFilter and Filter answers, in Kubernetes' words.
func TestVolumeBindingFilter(t *testing.T) {
	consumer := "{containers: [{name: a, image: x}], volumes: [{name: d, persistentVolumeClaim: {claimName: data}}]}"
	zoneA := map[string]string{"topology.kubernetes.io/zone": "a"}
	zoneB := map[string]string{"topology.kubernetes.io/zone": "b"}
	for _, tc := range []struct {
		name      string
		objs      []string
		labels    map[string]string
		preFilter string // PreFilter's message, "" when it passes
		filter    string // Filter's message on the node, "" when it fits
	}{
		{name: "missing claim", preFilter: `persistentvolumeclaim "data" not found`},
		{name: "unbound immediate claim", objs: []string{immClass, claimOf("fast")}, preFilter: "pod has unbound immediate PersistentVolumeClaims"},
		{name: "claim without class", objs: []string{claimOf("none")}, preFilter: "pod has unbound immediate PersistentVolumeClaims"},
		{name: "waiting claim, class provisions", objs: []string{wffcClass, claimOf("zonal")}, labels: zoneA},
		{name: "allowedTopologies exclude the node", objs: []string{zoneBOnly, claimOf("only-b")}, labels: zoneA, filter: ErrReasonBindConflict},
		{name: "allowedTopologies admit the node", objs: []string{zoneBOnly, claimOf("only-b")}, labels: zoneB},
		{name: "no provisioner, no volume", objs: []string{noProvSC, claimOf("local")}, labels: zoneA, filter: ErrReasonBindConflict},
		{name: "static volume in the node's zone", objs: []string{wffcClass, zoneAPV, claimOf("zonal")}, labels: zoneA},
		{name: "bound volume in another zone", objs: []string{wffcClass, zoneAPV, boundToA}, labels: zoneB, filter: ErrReasonNodeConflict},
		{name: "bound volume missing", objs: []string{wffcClass, boundToA}, labels: zoneA, filter: ErrReasonPVNotExist},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, pl := volumePlugin(t, tc.objs)
			state := framework.NewCycleState()
			_, st := pl.PreFilter(state, pod(t, consumer), nil)
			if got := st.Message(); got != tc.preFilter || (tc.preFilter != "" && st.Code() != framework.UnschedulableAndUnresolvable) {
				t.Fatalf("PreFilter %v %q, want %q", st.Code(), got, tc.preFilter)
			}
			if tc.preFilter != "" {
				return
			}
			st = pl.Filter(state, pod(t, consumer), node(t, "n", "4", "8Gi", "", tc.labels))
			if got := st.Message(); got != tc.filter || (tc.filter != "" && st.Code() != framework.UnschedulableAndUnresolvable) {
				t.Errorf("Filter %v %q, want %q", st.Code(), got, tc.filter)
			}
		})
	}
}

// PreBind asks for provisioning on the chosen node (selected-node on the
// claim) or binds the chosen static volume (its claimRef), before the
// Pod's binding.
func TestVolumeBindingPreBindWrites(t *testing.T) {
	consumer := "{containers: [{name: a, image: x}], volumes: [{name: d, persistentVolumeClaim: {claimName: data}}]}"
	for _, tc := range []struct {
		name string
		objs []string
		want string // the written object's kind and the field it carries
	}{
		{"provision", []string{wffcClass, claimOf("zonal")}, "PersistentVolumeClaim selected-node=n"},
		{"static", []string{wffcClass, zoneAPV, claimOf("zonal")}, "PersistentVolume claimRef=data"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, pl := volumePlugin(t, tc.objs)
			state := framework.NewCycleState()
			p := pod(t, consumer)
			pl.PreFilter(state, p, nil)
			if st := pl.Filter(state, p, node(t, "n", "4", "8Gi", "", map[string]string{"topology.kubernetes.io/zone": "a"})); !st.IsSuccess() {
				t.Fatal(st.Message())
			}
			pl.PreBind(state, p, "n", func(*framework.Status) {})
			var got []string
			for _, o := range f.written {
				switch o.Kind {
				case "PersistentVolumeClaim":
					got = append(got, o.Kind+" selected-node="+o.Meta.Annotations[volume.AnnSelectedNode])
				case "PersistentVolume":
					got = append(got, o.Kind+" claimRef="+o.GetString(".spec.claimRef.name"))
				}
			}
			if !slices.Equal(got, []string{tc.want}) {
				t.Errorf("written %s, want %s", strings.Join(got, "; "), tc.want)
			}
		})
	}
}

// volumePlugin is the VolumeBinding plugin over the objects decoded from
// objs, and those objects.
func volumePlugin(t *testing.T, objs []string) (*fakeVolumes, *VolumeBindingPlugin) {
	t.Helper()
	f := &fakeVolumes{}
	for _, y := range objs {
		f.objs = append(f.objs, decode(t, y))
	}
	return f, &VolumeBindingPlugin{Volumes: f}
}
