package cache

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

type podState struct {
	pod     *framework.PodInfo
	assumed bool
}

type imageState struct {
	summary *framework.ImageStateSummary
	nodes   map[string]bool
}

// Cache holds the nodes and the Pods counted on them. Used from the loop
// only.
type Cache struct {
	nodes  map[string]*framework.NodeInfo
	zones  map[string]string // node -> zone key it is filed under
	tree   *nodeTree
	pods   map[string]*podState
	images map[string]*imageState
	list   []*framework.NodeInfo
	stale  bool
}

// New returns an empty cache.
func New() *Cache {
	return &Cache{nodes: map[string]*framework.NodeInfo{}, zones: map[string]string{}, tree: newNodeTree(),
		pods: map[string]*podState{}, images: map[string]*imageState{}}
}

func (c *Cache) nodeInfo(name string) *framework.NodeInfo {
	n, ok := c.nodes[name]
	if !ok {
		n = &framework.NodeInfo{Name: name}
		c.nodes[name] = n
	}
	return n
}

// AddNode adds or replaces a node.
func (c *Cache) AddNode(o *object.Object) *framework.NodeInfo {
	n := c.nodeInfo(o.Meta.Name)
	if n.Node != nil {
		c.removeImages(n)
	}
	n.SetNode(o)
	c.addImages(n, o)
	zone := framework.ZoneKey(o.Meta.Labels)
	if old, ok := c.zones[n.Name]; !ok || old != zone {
		if ok {
			c.tree.remove(old, n.Name)
		}
		c.tree.add(zone, n.Name)
		c.zones[n.Name] = zone
		c.stale = true
	}
	return n
}

// UpdateNode replaces a node's object.
func (c *Cache) UpdateNode(o *object.Object) *framework.NodeInfo { return c.AddNode(o) }

// RemoveNode removes a node. Its NodeInfo stays while Pods are counted on
// it, without a node, so it is not listed.
func (c *Cache) RemoveNode(name string) {
	n, ok := c.nodes[name]
	if !ok {
		return
	}
	c.removeImages(n)
	if zone, ok := c.zones[name]; ok {
		c.tree.remove(zone, name)
		delete(c.zones, name)
		c.stale = true
	}
	n.Node = nil
	n.Generation++
	if len(n.Pods) == 0 {
		delete(c.nodes, name)
	}
}

func (c *Cache) addImages(n *framework.NodeInfo, o *object.Object) {
	imgs := framework.NodeImages(o)
	if len(imgs) == 0 {
		n.ImageStates = nil
		return
	}
	n.ImageStates = map[string]*framework.ImageStateSummary{}
	for _, img := range imgs {
		for _, name := range img.Names {
			name = framework.NormalizedImageName(name)
			st, ok := c.images[name]
			if !ok {
				st = &imageState{summary: &framework.ImageStateSummary{Size: img.SizeBytes}, nodes: map[string]bool{}}
				c.images[name] = st
			}
			if !st.nodes[n.Name] {
				st.nodes[n.Name] = true
				st.summary.NumNodes++
			}
			n.ImageStates[name] = st.summary
		}
	}
}

func (c *Cache) removeImages(n *framework.NodeInfo) {
	for name := range n.ImageStates {
		st := c.images[name]
		if st == nil || !st.nodes[n.Name] {
			continue
		}
		delete(st.nodes, n.Name)
		st.summary.NumNodes--
		if len(st.nodes) == 0 {
			delete(c.images, name)
		}
	}
	n.ImageStates = nil
}

// NodeInfos returns the nodes in node-tree order. The slice is shared:
// do not modify it.
func (c *Cache) NodeInfos() []*framework.NodeInfo {
	if c.stale {
		c.list = c.list[:0]
		for _, name := range c.tree.list() {
			c.list = append(c.list, c.nodes[name])
		}
		c.stale = false
	}
	return c.list
}

// Node returns the NodeInfo of a node the cache has.
func (c *Cache) Node(name string) (*framework.NodeInfo, bool) {
	n, ok := c.nodes[name]
	return n, ok && n.Node != nil
}

// AssumePod counts p on node before its binding is confirmed; it returns
// the assumed copy.
func (c *Cache) AssumePod(p *framework.PodInfo, node string) (*framework.PodInfo, error) {
	if _, ok := c.pods[p.Key]; ok {
		return nil, fmt.Errorf("pod %v(%v) is in the cache, so can't be assumed", p.Key, p.Key)
	}
	a := *p
	a.NodeName = node
	c.nodeInfo(node).AddPod(&a)
	c.pods[p.Key] = &podState{pod: &a, assumed: true}
	return &a, nil
}

// ForgetPod undoes AssumePod after a failed binding.
func (c *Cache) ForgetPod(p *framework.PodInfo) error {
	st, ok := c.pods[p.Key]
	if !ok {
		return nil
	}
	if !st.assumed {
		return fmt.Errorf("pod %v(%v) is not assumed, so it cannot be removed or forgotten", p.Key, p.Key)
	}
	c.removePod(st.pod)
	return nil
}

// IsAssumed reports whether the Pod with key is assumed.
func (c *Cache) IsAssumed(key string) bool {
	st, ok := c.pods[key]
	return ok && st.assumed
}

// Pod returns the cached Pod with key.
func (c *Cache) Pod(key string) (*framework.PodInfo, bool) {
	st, ok := c.pods[key]
	if !ok {
		return nil, false
	}
	return st.pod, true
}

// AddPod counts a bound Pod the informer reports, confirming it if it was
// assumed (on the node it was really bound to).
func (c *Cache) AddPod(p *framework.PodInfo) {
	if st, ok := c.pods[p.Key]; ok {
		if st.assumed {
			c.removePod(st.pod)
			c.addPod(p)
		}
		return
	}
	c.addPod(p)
}

// UpdatePod replaces a bound Pod.
func (c *Cache) UpdatePod(p *framework.PodInfo) {
	if st, ok := c.pods[p.Key]; ok {
		c.removePod(st.pod)
	}
	c.addPod(p)
}

// RemovePod stops counting a Pod.
func (c *Cache) RemovePod(key string) {
	if st, ok := c.pods[key]; ok {
		c.removePod(st.pod)
	}
}

func (c *Cache) addPod(p *framework.PodInfo) {
	c.nodeInfo(p.NodeName).AddPod(p)
	c.pods[p.Key] = &podState{pod: p}
}

func (c *Cache) removePod(p *framework.PodInfo) {
	if n, ok := c.nodes[p.NodeName]; ok {
		n.RemovePod(p)
		if n.Node == nil && len(n.Pods) == 0 {
			delete(c.nodes, p.NodeName)
		}
	}
	delete(c.pods, p.Key)
}
