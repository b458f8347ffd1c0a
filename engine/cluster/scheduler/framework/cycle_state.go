package framework

import "slices"

// StateKey names a value a plugin keeps for one scheduling cycle.
type StateKey string

// CycleState is what the plugins of one scheduling cycle share
// (k8s.io/kube-scheduler/framework, cycle_state.go): values by key, and the
// plugins whose PreFilter or PreScore answered Skip, whose Filter or Score
// the framework then does not run. A CycleState lives for one cycle.
type CycleState struct {
	storage    map[StateKey]any
	skipFilter []string
	skipScore  []string
	// filters are the Filter plugins that run this cycle, worked out once
	// from skipFilter by the Framework, so filtering a node looks nothing
	// up.
	filters    []FilterPlugin
	filtersSet bool
}

// NewCycleState returns an empty state.
func NewCycleState() *CycleState { return &CycleState{} }

// Read returns the value stored under key.
func (c *CycleState) Read(key StateKey) (any, bool) {
	v, ok := c.storage[key]
	return v, ok
}

// Write stores v under key.
func (c *CycleState) Write(key StateKey, v any) {
	if c.storage == nil {
		c.storage = map[StateKey]any{}
	}
	c.storage[key] = v
}

// SkipFilter reports whether plugin's Filter is skipped this cycle.
func (c *CycleState) SkipFilter(plugin string) bool { return slices.Contains(c.skipFilter, plugin) }

// SkipScore reports whether plugin's Score is skipped this cycle.
func (c *CycleState) SkipScore(plugin string) bool { return slices.Contains(c.skipScore, plugin) }

// SetSkipFilter marks plugin's Filter as skipped.
func (c *CycleState) SetSkipFilter(plugin string) {
	c.skipFilter = append(c.skipFilter, plugin)
	c.filtersSet = false
}

// SetSkipScore marks plugin's Score as skipped.
func (c *CycleState) SetSkipScore(plugin string) { c.skipScore = append(c.skipScore, plugin) }

// Reset empties the state for another cycle, keeping its memory.
func (c *CycleState) Reset() {
	clear(c.storage)
	c.skipFilter, c.skipScore = c.skipFilter[:0], c.skipScore[:0]
	c.filters, c.filtersSet = c.filters[:0], false
}
