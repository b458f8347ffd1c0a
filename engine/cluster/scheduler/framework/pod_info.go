package framework

import (
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Defaults the scoring plugins assume for a container that requests no CPU
// or memory, so that many zero-request Pods do not pile onto one node
// (k8s.io/kubernetes/pkg/scheduler/util/pod_resources.go).
const (
	DefaultMilliCPURequest int64 = 100               // 0.1 core
	DefaultMemoryRequest   int64 = 200 * 1024 * 1024 // 200 MB
)

// DefaultSchedulerName is the scheduler a Pod names when it names none
// (v1.DefaultSchedulerName), and the name of the default profile.
const DefaultSchedulerName = "default-scheduler"

// HostPort is a container port bound on the node (hostPort > 0).
type HostPort struct {
	// IP is the hostIP; "" means every address (0.0.0.0).
	IP string
	// Protocol is TCP, UDP or SCTP; "" means TCP.
	Protocol string
	Port     int64
}

// PreferredTerm is one preferredDuringSchedulingIgnoredDuringExecution term
// of a Pod's node affinity.
type PreferredTerm struct {
	Weight int64
	Term   object.NodeSelectorTerm
}

// PodInfo is what the scheduler derives from a Pod once, when the Pod enters
// the queue or the cache (framework.PodInfo, and the requests
// noderesources computes in PreFilter and PreScore). The Pod object is
// shared with the informer's cache: never modify it.
type PodInfo struct {
	Pod *object.Object
	// Key is "namespace/name".
	Key                          string
	Namespace, Name, UID         string
	NodeName, SchedulerName      string
	NominatedNodeName            string
	Labels                       map[string]string
	Generation                   int64
	Priority                     int64
	PreemptionPolicy             string
	Deleting                     bool
	CreationTimestamp, StartTime time.Time
	Tolerations                  []object.Toleration
	NodeSelector                 map[string]string
	HasRequiredNodeAffinity      bool
	RequiredNodeTerms            []object.NodeSelectorTerm
	PreferredNodeTerms           []PreferredTerm
	HostPorts                    []HostPort
	Images                       []string
	PVCNames                     []string
	SchedulingGates              []string
	// Requests is what the Pod reserves on a node (resource.PodRequests
	// with pod-level resources and overhead): NodeResourcesFit compares
	// it with what is free, and a node's Requested sums it.
	Requests Resource
	// NonZeroRequests is Requests' CPU and memory with
	// DefaultMilliCPURequest and DefaultMemoryRequest in place of a
	// container's missing request; LeastAllocated scores with it.
	NonZeroRequests Resource
}

// NewPodInfo derives a PodInfo from a Pod.
func NewPodInfo(o *object.Object) *PodInfo {
	v := object.ViewPod(o)
	p := &PodInfo{
		Pod: o, Key: o.Meta.Namespace + "/" + o.Meta.Name,
		Namespace: o.Meta.Namespace, Name: o.Meta.Name, UID: o.Meta.UID,
		NodeName: v.NodeName, SchedulerName: v.SchedulerName,
		Labels: o.Meta.Labels, Generation: o.Meta.Generation,
		Priority: v.Priority, Deleting: v.Deleting,
		CreationTimestamp: o.Meta.CreationTimestamp, StartTime: v.StartTime,
		Tolerations: v.Tolerations, NodeSelector: v.NodeSelector,
		RequiredNodeTerms: v.RequiredNodeTerms,
	}
	spec, status := o.Spec(), o.Status()
	p.PreemptionPolicy, _ = spec["preemptionPolicy"].(string)
	p.NominatedNodeName, _ = status["nominatedNodeName"].(string)
	na := mapOf(mapOf(spec["affinity"])["nodeAffinity"])
	_, p.HasRequiredNodeAffinity = na["requiredDuringSchedulingIgnoredDuringExecution"].(map[string]any)
	p.PreferredNodeTerms = preferredTerms(na["preferredDuringSchedulingIgnoredDuringExecution"])
	for _, g := range listOf(spec["schedulingGates"]) {
		if n, ok := mapOf(g)["name"].(string); ok {
			p.SchedulingGates = append(p.SchedulingGates, n)
		}
	}
	for _, vol := range listOf(spec["volumes"]) {
		if c, ok := mapOf(mapOf(vol)["persistentVolumeClaim"])["claimName"].(string); ok {
			p.PVCNames = append(p.PVCNames, c)
		}
	}
	p.Requests, p.NonZeroRequests = podRequests(spec)
	p.HostPorts, p.Images = portsAndImages(spec)
	return p
}

// portsAndImages reads the host ports (util.GetHostPorts: every container's,
// and restartable init containers', since they run as long as the Pod) and
// the images, normalized as ImageLocality compares them.
func portsAndImages(spec map[string]any) ([]HostPort, []string) {
	var ports []HostPort
	var images []string
	collect := func(c map[string]any, withPorts bool) {
		if img, ok := c["image"].(string); ok {
			images = append(images, NormalizedImageName(img))
		}
		if !withPorts {
			return
		}
		for _, p := range listOf(c["ports"]) {
			pm := mapOf(p)
			hp := asInt(pm["hostPort"])
			if hp <= 0 {
				continue
			}
			ip, _ := pm["hostIP"].(string)
			proto, _ := pm["protocol"].(string)
			ports = append(ports, HostPort{IP: ip, Protocol: proto, Port: hp})
		}
	}
	for _, c := range listOf(spec["initContainers"]) {
		cm := mapOf(c)
		collect(cm, cm["restartPolicy"] == "Always")
	}
	for _, c := range listOf(spec["containers"]) {
		collect(mapOf(c), true)
	}
	return ports, images
}

// NormalizedImageName adds ":latest" to an image without a tag
// (imagelocality.normalizedImageName).
func NormalizedImageName(name string) string {
	if strings.LastIndex(name, ":") <= strings.LastIndex(name, "/") {
		name += ":latest"
	}
	return name
}

// preferredTerms reads preferred node-affinity terms, dropping those with
// weight 0 or an empty preference (nodeaffinity.NewPreferredSchedulingTerms).
func preferredTerms(v any) []PreferredTerm {
	var out []PreferredTerm
	for _, e := range listOf(v) {
		m := mapOf(e)
		w := asInt(m["weight"])
		pref := mapOf(m["preference"])
		t := object.NodeSelectorTerm{MatchExpressions: object.RequirementsFrom(listOf(pref["matchExpressions"])),
			MatchFields: object.RequirementsFrom(listOf(pref["matchFields"]))}
		if w == 0 || len(t.MatchExpressions)+len(t.MatchFields) == 0 {
			continue
		}
		out = append(out, PreferredTerm{Weight: w, Term: t})
	}
	return out
}

func mapOf(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func listOf(v any) []any {
	l, _ := v.([]any)
	return l
}

// asInt reads an integer of the object tree (int64, or a float64 that is
// whole).
func asInt(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case float64:
		return int64(n)
	}
	return 0
}

// Refresh returns the PodInfo of a newer version of the same Pod. When the
// spec did not change (same metadata.generation) the parsed spec is reused
// and only what the status and metadata carry is read again, so the
// frequent status updates of bound Pods stay cheap.
func (p *PodInfo) Refresh(o *object.Object) *PodInfo {
	if o.Meta.Generation == 0 || o.Meta.Generation != p.Generation || o.Meta.UID != p.UID {
		return NewPodInfo(o)
	}
	q := *p
	q.Pod, q.Labels = o, o.Meta.Labels
	q.Deleting = o.Meta.DeletionTimestamp != nil
	q.NodeName, _ = o.Spec()["nodeName"].(string)
	status := o.Status()
	q.NominatedNodeName, _ = status["nominatedNodeName"].(string)
	if s, ok := status["startTime"].(string); ok {
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			q.StartTime = t
		}
	}
	return &q
}
