package proxy

import (
	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// state is what one run of the proxy process knows; a restart starts from
// an empty one, as a new process does.
type state struct {
	// services holds what the rules need of each Service, by
	// "namespace/name" (the service change tracker's result).
	services map[string]*serviceInfo
	// slices holds each EndpointSlice's endpoints, by Service key, then
	// slice name (the EndpointSliceCache).
	slices map[string]map[string]*sliceInfo

	// dirty lists the Services changed since the last sync: a partial
	// sync rewrites only their rules.
	dirty map[string]bool
	// written is what the last syncs wrote for each Service.
	written map[string]written
	// rules and backends count what the proxy has written in all.
	rules, backends int

	servicesSynced, slicesSynced, initialized bool

	// needFullSync forces the next sync to be a full one: the first
	// sync of a process, and after the rules were flushed.
	needFullSync bool
	lastFullSync sim.Time
	// table is the node's rules as last written, to notice a flush.
	table *network.Rules
}

func newState() *state {
	return &state{services: map[string]*serviceInfo{}, slices: map[string]map[string]*sliceInfo{},
		dirty: map[string]bool{}, written: map[string]written{}, needFullSync: true}
}

// written is what a sync wrote for one Service: its rule keys ("IP:port")
// and how many backends they have.
type written struct {
	keys     []string
	backends int
}
