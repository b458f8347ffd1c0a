package kubelet

import (
	"maps"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The node labels the kubelet sets on its Node (initialNode,
// pkg/kubelet/kubelet_node_status.go: v1.LabelHostname, LabelOSStable,
// LabelArchStable and the deprecated beta labels).
const (
	labelHostname = "kubernetes.io/hostname"
	labelOS       = "kubernetes.io/os"
	labelArch     = "kubernetes.io/arch"
	labelOSBeta   = "beta.kubernetes.io/os"
	labelArchBeta = "beta.kubernetes.io/arch"
	// annotationAttachDetach is set because enableControllerAttachDetach
	// defaults to true (volutil.ControllerManagedAttachAnnotation).
	annotationAttachDetach = "volumes.kubernetes.io/controller-managed-attach-detach"
)

// nodeLabels are the labels the kubelet registers its Node with: its own,
// then the configured ones (--node-labels), which win.
func (l *life) nodeLabels() map[string]string {
	k := l.k
	info := k.cfg.nodeInfo()
	labels := map[string]string{
		labelHostname: k.cfg.Node, labelOS: info.OperatingSystem, labelArch: info.Architecture,
		labelOSBeta: info.OperatingSystem, labelArchBeta: info.Architecture,
	}
	for key, v := range k.cfg.Labels {
		labels[key] = v
	}
	return labels
}

// initialNode is the Node the kubelet registers (initialNode): its name,
// labels and annotation, and a status from every status setter.
func (l *life) initialNode() *object.Object {
	n := object.New("v1", "Node")
	n.Meta.Name = l.k.cfg.Node
	n.Meta.Labels = l.nodeLabels()
	n.Meta.Annotations = map[string]string{annotationAttachDetach: "true"}
	n.Content["spec"] = map[string]any{}
	n.Content["status"] = l.nodeStatus(nil)
	return n
}

// capacity is the machine's capacity, from the fixture with the kubelet's
// defaults (nodestatus.MachineInfo: cpu, memory, pods from maxPods,
// ephemeral-storage from the root filesystem, hugepages of each size).
func (k *Kubelet) capacity() map[string]string {
	c := defaultCapacityOf()
	for name, v := range k.cfg.Capacity {
		c[name] = v
	}
	return c
}

// defaultCapacityOf is the capacity of a machine the fixture gives none.
func defaultCapacityOf() map[string]string {
	return map[string]string{
		"cpu": DefaultCPU, "memory": DefaultMemory, "pods": DefaultMaxPods,
		"ephemeral-storage": DefaultEphemeralStorage, "hugepages-1Gi": "0", "hugepages-2Mi": "0",
	}
}

// allocatableOf is capacity minus the node's reservation
// (nodestatus.MachineInfo with GetNodeAllocatableReservation): no
// kube-reserved or system-reserved by default, and the default hard
// eviction thresholds — memory.available<100Mi, nodefs.available<10%
// (pkg/kubelet/eviction/defaults_linux.go) — held back.
func allocatableOf(capacity map[string]string) map[string]string {
	out := make(map[string]string, len(capacity))
	for name, v := range capacity {
		out[name] = v
		q, err := object.ParseQuantity(v)
		if err != nil {
			continue
		}
		var reserve int64
		switch name {
		case "memory":
			reserve = 100 << 20
		case "ephemeral-storage":
			reserve = q.Value() / 10
		default:
			continue
		}
		left := max(q.Value()-reserve, 0)
		out[name] = object.NewQuantity(left, object.BinarySI).String()
	}
	return out
}

// allocatable is the node's allocatable resources, for admission; they
// do not change while the kubelet runs.
func (l *life) allocatable() object.Resources {
	if !l.allocSet {
		m, _ := l.machineStatus()["allocatable"].(map[string]any)
		l.alloc, l.allocSet = object.ResourcesFrom(m), true
	}
	return l.alloc
}

// nodeStatus computes the Node's status, as the kubelet's status setters
// do in order (defaultNodeStatusFuncs): addresses, capacity and
// allocatable with the machine's IDs, versions, the kubelet's endpoint,
// images, OS and architecture, runtime handlers and features, then the
// conditions MemoryPressure, DiskPressure, PIDPressure and Ready. old is
// the stored status, whose conditions keep their transition times.
func (l *life) nodeStatus(old map[string]any) map[string]any {
	now := l.now().RFC3339()
	conds := nodeConditions(old, now)
	return withConditions(l.nodeStatusFields(), renderNodeConditions(&conds, now))
}

// nodeStatusFields is the Node's status but its conditions: the machine's
// part, and its images when it has some. The map is kept while the images
// stay the same; it is shared and must not be modified.
func (l *life) nodeStatusFields() map[string]any {
	imgs := l.nodeImages()
	c := &l.statusFields
	if c.fields != nil && len(c.images) == len(imgs) && (len(imgs) == 0 || &c.images[0] == &imgs[0]) {
		return c.fields
	}
	machine := l.machineStatus()
	st := make(map[string]any, len(machine)+1)
	maps.Copy(st, machine)
	if len(imgs) > 0 {
		st["images"] = imgs
	}
	*c = statusFieldsCache{images: imgs, fields: st}
	return st
}

// statusFieldsCache holds nodeStatusFields and the images list it holds.
type statusFieldsCache struct {
	images []any
	fields map[string]any
}

// withConditions is fields with conditions added, in a new map.
func withConditions(fields map[string]any, conditions []any) map[string]any {
	st := make(map[string]any, len(fields)+1)
	maps.Copy(st, fields)
	st["conditions"] = conditions
	return st
}

// runtimeHandlers is what containerd reports of its handlers: runc, and
// the default handler "" (nodestatus.RuntimeHandlers).
func runtimeHandlers() []any {
	features := func() map[string]any { return map[string]any{"recursiveReadOnlyMounts": true, "userNamespaces": true} }
	return []any{
		map[string]any{"name": "runc", "features": features()},
		map[string]any{"name": "", "features": features()},
	}
}

func stringMap(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// or returns a, or b when a is empty.
func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
