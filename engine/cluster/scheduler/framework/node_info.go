package framework

import (
	"maps"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Zone and region labels, new and deprecated (k8s.io/api/core/v1,
// well_known_labels.go).
const (
	LabelTopologyZone            = "topology.kubernetes.io/zone"
	LabelTopologyRegion          = "topology.kubernetes.io/region"
	LabelFailureDomainBetaZone   = "failure-domain.beta.kubernetes.io/zone"
	LabelFailureDomainBetaRegion = "failure-domain.beta.kubernetes.io/region"
)

// ImageStateSummary is what the scheduler knows of an image across the
// cluster: its size and on how many nodes it is (framework.ImageStateSummary).
type ImageStateSummary struct {
	Size     int64
	NumNodes int
}

// NodeInfo is a node with the Pods the scheduler counts on it: bound Pods
// and assumed ones whose binding is on its way (framework.NodeInfo). Node is
// nil for a node the scheduler has Pods for but has not seen yet.
type NodeInfo struct {
	Node          *object.Object
	Name          string
	Labels        map[string]string
	Unschedulable bool
	Taints        []object.Taint
	// Allocatable is status.allocatable; AllowedPodNumber is its pods.
	Allocatable Resource
	// Requested sums the Pods' Requests; NonZeroRequested their
	// NonZeroRequests.
	Requested        Resource
	NonZeroRequested Resource
	Pods             []*PodInfo
	UsedPorts        HostPortInfo
	// ImageStates are the images on the node, by normalized name, with
	// their cluster-wide spread (filled by the cache).
	ImageStates map[string]*ImageStateSummary
	// Generation is bumped on every change.
	Generation int64
}

// NodeImage is one of a node's status.images.
type NodeImage struct {
	Names     []string
	SizeBytes int64
}

// SetNode sets the node object and what is read from it.
func (n *NodeInfo) SetNode(o *object.Object) {
	v := object.ViewNode(o)
	n.Node, n.Name, n.Labels = o, v.Name, v.Labels
	n.Unschedulable, n.Taints = v.Unschedulable, v.Taints
	n.Allocatable = ResourceFrom(v.Allocatable)
	n.Generation++
}

// NodeImages reads a node's status.images.
func NodeImages(o *object.Object) []NodeImage {
	var out []NodeImage
	for _, e := range listOf(o.Status()["images"]) {
		m := mapOf(e)
		img := NodeImage{SizeBytes: asInt(m["sizeBytes"])}
		for _, n := range listOf(m["names"]) {
			if s, ok := n.(string); ok {
				img.Names = append(img.Names, s)
			}
		}
		out = append(out, img)
	}
	return out
}

// ZoneKey returns the node's region and zone as the node tree groups nodes
// (k8s.io/component-helpers/node/topology, GetZoneKey): "" without either.
func ZoneKey(labels map[string]string) string {
	zone, ok := labels[LabelFailureDomainBetaZone]
	if !ok {
		zone = labels[LabelTopologyZone]
	}
	region, ok := labels[LabelFailureDomainBetaRegion]
	if !ok {
		region = labels[LabelTopologyRegion]
	}
	if region == "" && zone == "" {
		return ""
	}
	return region + ":\x00:" + zone
}

// AddPod counts p on the node.
func (n *NodeInfo) AddPod(p *PodInfo) {
	n.Pods = append(n.Pods, p)
	n.update(p, 1)
}

// RemovePod stops counting the Pod with p's key; it reports whether the Pod
// was there.
func (n *NodeInfo) RemovePod(p *PodInfo) bool {
	for i, q := range n.Pods {
		if q.Key == p.Key {
			last := len(n.Pods) - 1
			n.Pods[i] = n.Pods[last]
			n.Pods[last] = nil
			n.Pods = n.Pods[:last]
			n.update(q, -1)
			return true
		}
	}
	return false
}

func (n *NodeInfo) update(p *PodInfo, sign int64) {
	if sign > 0 {
		n.Requested.Add(&p.Requests)
		n.NonZeroRequested.Add(&p.NonZeroRequests)
	} else {
		n.Requested.Sub(&p.Requests)
		n.NonZeroRequested.Sub(&p.NonZeroRequests)
	}
	for _, hp := range p.HostPorts {
		if n.UsedPorts == nil {
			n.UsedPorts = HostPortInfo{}
		}
		if sign > 0 {
			n.UsedPorts.Add(hp.IP, hp.Protocol, hp.Port)
		} else {
			n.UsedPorts.Remove(hp.IP, hp.Protocol, hp.Port)
		}
	}
	n.Generation++
}

// Clone returns a copy whose Pods, requests and ports can change without
// touching n (for preemption's dry runs).
func (n *NodeInfo) Clone() *NodeInfo {
	c := *n
	c.Pods = append([]*PodInfo(nil), n.Pods...)
	c.Requested.ScalarResources = maps.Clone(n.Requested.ScalarResources)
	c.NonZeroRequested.ScalarResources = maps.Clone(n.NonZeroRequested.ScalarResources)
	if n.UsedPorts != nil {
		c.UsedPorts = HostPortInfo{}
		for ip, m := range n.UsedPorts {
			c.UsedPorts[ip] = maps.Clone(m)
		}
	}
	return &c
}
