package framework

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// NoNodeAvailableMsg starts every FitError message
// (pkg/scheduler/framework/types.go).
const NoNodeAvailableMsg = "0/%v nodes are available"

// NodeToStatus is the status of each node that did not pass, and the
// status of every node it does not name (framework.NodeToStatus). The
// default for absent nodes is UnschedulableAndUnresolvable with no
// reason: nodes never evaluated.
type NodeToStatus struct {
	statuses map[string]*Status
	order    []string
	absent   *Status
}

// NewNodeToStatus returns an empty map whose absent nodes are
// UnschedulableAndUnresolvable.
func NewNodeToStatus() *NodeToStatus {
	return &NodeToStatus{absent: NewStatus(UnschedulableAndUnresolvable)}
}

// Set records node's status.
func (m *NodeToStatus) Set(node string, s *Status) {
	if m.statuses == nil {
		m.statuses = map[string]*Status{}
	}
	if _, ok := m.statuses[node]; !ok {
		m.order = append(m.order, node)
	}
	m.statuses[node] = s
}

// Get returns node's status: its own, or the absent nodes' status.
func (m *NodeToStatus) Get(node string) *Status {
	if s, ok := m.statuses[node]; ok {
		return s
	}
	return m.absent
}

// Len returns how many nodes have their own status.
func (m *NodeToStatus) Len() int { return len(m.statuses) }

// SetAbsentNodesStatus sets the status of nodes without their own.
func (m *NodeToStatus) SetAbsentNodesStatus(s *Status) { m.absent = s }

// AbsentNodesStatus returns the status of nodes without their own.
func (m *NodeToStatus) AbsentNodesStatus() *Status { return m.absent }

// Nodes returns the nodes with their own status, in the order they were
// set.
func (m *NodeToStatus) Nodes() []string { return m.order }

// Diagnosis is why no node fitted: each node's status, the plugins that
// rejected the Pod, and the messages of PreFilter and PostFilter.
type Diagnosis struct {
	NodeToStatus         *NodeToStatus
	UnschedulablePlugins map[string]bool
	PendingPlugins       map[string]bool
	PreFilterMsg         string
	PostFilterMsg        string
}

// AddPluginStatus records the plugin of a rejection.
func (d *Diagnosis) AddPluginStatus(s *Status) {
	if s.Plugin() == "" {
		return
	}
	if s.IsRejected() {
		if d.UnschedulablePlugins == nil {
			d.UnschedulablePlugins = map[string]bool{}
		}
		d.UnschedulablePlugins[s.Plugin()] = true
	}
	if s.Code() == Pending {
		if d.PendingPlugins == nil {
			d.PendingPlugins = map[string]bool{}
		}
		d.PendingPlugins[s.Plugin()] = true
	}
}

// FitError is the error of a Pod no node fits.
type FitError struct {
	Pod         *PodInfo
	NumAllNodes int
	Diagnosis   Diagnosis
}

// Error returns Kubernetes' message, word for word
// (pkg/scheduler/framework/types.go, FitError.Error):
//
//	0/3 nodes are available: <PreFilterMsg>. <PostFilterMsg>
//	0/3 nodes are available: 1 Insufficient cpu, 2 node(s) had untolerated taint(s). preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.
//
// Without a PreFilter message, each node's reasons are counted (nodes
// without their own status count with the absent nodes' reasons), and the
// "N reason" strings are sorted as strings and joined with ", ".
func (f *FitError) Error() string {
	msg := fmt.Sprintf(NoNodeAvailableMsg+":", f.NumAllNodes)
	if pre := f.Diagnosis.PreFilterMsg; pre != "" {
		msg += fmt.Sprintf(" %v.", pre)
	} else {
		reasons := map[string]int{}
		nts := f.Diagnosis.NodeToStatus
		for _, n := range nts.Nodes() {
			for _, r := range nts.Get(n).Reasons() {
				reasons[r]++
			}
		}
		if nts.Len() < f.NumAllNodes {
			for _, r := range nts.AbsentNodesStatus().Reasons() {
				reasons[r] += f.NumAllNodes - nts.Len()
			}
		}
		var hist []string
		for _, r := range slices.Sorted(maps.Keys(reasons)) {
			hist = append(hist, fmt.Sprintf("%v %v", reasons[r], r))
		}
		sort.Strings(hist)
		if len(hist) > 0 {
			msg += fmt.Sprintf(" %v.", strings.Join(hist, ", "))
		}
	}
	if post := f.Diagnosis.PostFilterMsg; post != "" {
		msg += fmt.Sprintf(" %v", post)
	}
	return msg
}
