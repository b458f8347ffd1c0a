package cache

import "slices"

// nodeTree groups node names by zone (backend/cache/node_tree.go).
type nodeTree struct {
	tree     map[string][]string
	zones    []string
	numNodes int
}

func newNodeTree() *nodeTree { return &nodeTree{tree: map[string][]string{}} }

func (t *nodeTree) add(zone, name string) {
	na, ok := t.tree[zone]
	if ok {
		if slices.Contains(na, name) {
			return
		}
	} else {
		t.zones = append(t.zones, zone)
	}
	t.tree[zone] = append(na, name)
	t.numNodes++
}

func (t *nodeTree) remove(zone, name string) bool {
	na := t.tree[zone]
	i := slices.Index(na, name)
	if i < 0 {
		return false
	}
	na = slices.Delete(na, i, i+1)
	t.numNodes--
	if len(na) == 0 {
		delete(t.tree, zone)
		t.zones = slices.DeleteFunc(t.zones, func(z string) bool { return z == zone })
		return true
	}
	t.tree[zone] = na
	return true
}

// list returns the names one zone at a time, round robin.
func (t *nodeTree) list() []string {
	out := make([]string, 0, t.numNodes)
	for i := 0; len(out) < t.numNodes; i++ {
		for _, z := range t.zones {
			if na := t.tree[z]; i < len(na) {
				out = append(out, na[i])
			}
		}
	}
	return out
}
