package nodelifecycle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// zoneState is the disruption state of a zone (ZoneState).
type zoneState string

const (
	stateInitial           zoneState = "Initial"
	stateNormal            zoneState = "Normal"
	stateFullDisruption    zoneState = "FullDisruption"
	statePartialDisruption zoneState = "PartialDisruption"
)

// labelExcludeDisruption keeps a Node out of the zone counts
// (labelNodeDisruptionExclusion).
const labelExcludeDisruption = "node.kubernetes.io/exclude-disruption"

// zoneKey is k8s.io/component-helpers/node/topology GetZoneKey: region
// and zone from the beta or GA labels, "" for a Node with neither.
func zoneKey(node *object.Object) string {
	l := node.Meta.Labels
	zone, ok := l["failure-domain.beta.kubernetes.io/zone"]
	if !ok {
		zone = l["topology.kubernetes.io/zone"]
	}
	region, ok := l["failure-domain.beta.kubernetes.io/region"]
	if !ok {
		region = l["topology.kubernetes.io/region"]
	}
	if region == "" && zone == "" {
		return ""
	}
	return region + ":\x00:" + zone
}

// zoneName renders a zone key for the trace.
func zoneName(k string) string {
	if k == "" {
		return `""`
	}
	return strings.ReplaceAll(k, ":\x00:", "/")
}

// zoneCount is how many of a zone's Nodes are Ready and how many are not
// (a Node without a Ready condition counts as not Ready), which is all
// ComputeZoneState reads of the zone's conditions.
type zoneCount struct{ ready, notReady int }

// add counts one more Node, whose Ready condition is cnd (nil for none).
func (n zoneCount) add(cnd *nodeCond) zoneCount {
	if cnd != nil && cnd.status == condTrue {
		n.ready++
	} else {
		n.notReady++
	}
	return n
}

// size is the number of Nodes counted.
func (n zoneCount) size() int { return n.ready + n.notReady }

// computeZoneState is ComputeZoneState: FullDisruption when no Node of the
// zone is Ready, PartialDisruption when more than two are not Ready and
// they are at least UnhealthyZoneThreshold of it, Normal otherwise.
func (c *Controller) computeZoneState(n zoneCount) (int, zoneState) {
	ready, notReady := n.ready, n.notReady
	switch {
	case ready == 0 && notReady > 0:
		return notReady, stateFullDisruption
	case notReady > 2 && float64(notReady)/float64(notReady+ready) >= c.conf.UnhealthyZoneThreshold:
		return notReady, statePartialDisruption
	}
	return notReady, stateNormal
}

// addPodEvictorForNewZone gives a zone seen for the first time its state
// and its tainting queue at the normal eviction rate.
func (c *Controller) addPodEvictorForNewZone(node *object.Object) {
	z := c.zoneOf(node)
	if _, ok := c.zoneStates[z]; !ok {
		c.zoneStates[z] = stateInitial
		c.setTainter(z, newTimedQueue(c.conf.EvictionRate, c.loop.Now()))
	}
}

// handleDisruption is handleDisruption: it moves each zone to its new
// state and sets its tainting rate — the normal rate for Normal; for
// PartialDisruption the secondary rate in a zone larger than
// LargeClusterThreshold, else none; the normal rate for FullDisruption —
// unless every zone is fully disrupted: then the controller assumes the
// problem is its own connectivity, removes the NoExecute taints from every
// Node and stops tainting ("master disruption mode"), until a Node is
// Ready again.
func (c *Controller) handleDisruption(zoneConds map[string]zoneCount, nodes []*object.Object) {
	var buf [4]string // the zones, sorted, for one loop at a time
	newStates := emptied(&c.newStates)
	allAreFull := true
	for _, z := range object.AppendSortedKeys(buf[:0], zoneConds) {
		_, st := c.computeZoneState(zoneConds[z])
		if st != stateFullDisruption {
			allAreFull = false
		}
		newStates[z] = st
		if _, had := c.zoneStates[z]; !had {
			c.zoneStates[z] = stateInitial
		}
	}
	zones, allWereFull := c.pruneZones(object.AppendSortedKeys(buf[:0], c.zoneStates), zoneConds)
	if allAreFull && allWereFull {
		return
	}
	now := c.loop.Now()
	switch {
	case allAreFull:
		c.decide("", "all Nodes are not Ready: entering master disruption mode (NoExecute taints removed, evictions stopped)")
		for _, n := range nodes {
			_, _ = c.markNodeAsReachable(n)
		}
		for _, z := range zones {
			c.tainter(z).swapLimiter(0, now)
			c.zoneStates[z] = stateFullDisruption
		}
	case allWereFull:
		c.decide("", "some Nodes are Ready: exiting master disruption mode")
		for _, n := range nodes {
			if nh := c.health[n.Meta.Name]; nh != nil {
				nh.probe, nh.readyTransition = now, now
			}
		}
		for _, z := range zones {
			c.setLimiterInZone(z, zoneConds[z].size(), newStates[z])
			c.zoneStates[z] = newStates[z]
		}
	default:
		for _, z := range zones {
			if c.zoneStates[z] == newStates[z] {
				continue
			}
			if c.zoneStates[z] != stateInitial || newStates[z] != stateNormal {
				c.decide("", fmt.Sprintf("zone %s is now %s", zoneName(z), newStates[z]))
			}
			c.setLimiterInZone(z, zoneConds[z].size(), newStates[z])
			c.zoneStates[z] = newStates[z]
		}
	}
	c.scheduleTaintPass()
}

// pruneZones is the loop of handleDisruption that reads whether every zone
// was in full disruption: in the order of zones, the sorted zones with a
// state, it forgets the state of a zone that has no Nodes left until it
// meets one not in full disruption. It returns the zones still with a
// state, sorted, in zones' array: the loops after it walk them, where
// listing the map's keys again would cost a map iteration and a sort
// each.
func (c *Controller) pruneZones(zones []string, zoneConds map[string]zoneCount) (kept []string, allWereFull bool) {
	allWereFull = true
	kept = zones[:0]
	for i, z := range zones {
		if _, have := zoneConds[z]; !have {
			delete(c.zoneStates, z)
			continue
		}
		kept = append(kept, z)
		if c.zoneStates[z] != stateFullDisruption {
			allWereFull = false
			kept = append(kept, zones[i+1:]...) // not looked at: kept
			break
		}
	}
	return kept, allWereFull
}

// setLimiterInZone is setLimiterInZone with HealthyQPSFunc and
// ReducedQPSFunc.
func (c *Controller) setLimiterInZone(z string, size int, st zoneState) {
	now := c.loop.Now()
	switch st {
	case stateNormal, stateFullDisruption:
		c.tainter(z).swapLimiter(c.conf.EvictionRate, now)
	case statePartialDisruption:
		qps := 0.0
		if size > c.conf.LargeClusterThreshold {
			qps = c.conf.SecondaryEvictionRate
		}
		c.tainter(z).swapLimiter(qps, now)
	}
}

// tainter returns a zone's tainting queue, creating it for a zone that
// appeared between passes.
func (c *Controller) tainter(z string) *timedQueue {
	q, ok := c.tainters[z]
	if !ok {
		q = newTimedQueue(c.conf.EvictionRate, c.loop.Now())
		c.setTainter(z, q)
	}
	return q
}

// setTainter makes q zone z's tainting queue. The queues are also kept in
// a slice, which scheduleTaintPass walks after every Node of a pass: a
// slice is walked without starting a map iterator.
func (c *Controller) setTainter(z string, q *timedQueue) {
	if old, ok := c.tainters[z]; ok {
		c.tainterList[slices.Index(c.tainterList, old)] = q
	} else {
		c.tainterList = append(c.tainterList, q)
	}
	c.tainters[z] = q
}
