package flowcontrol

import "github.com/loopbook/loopbook/engine/cluster/api"

// Classify returns the FlowSchema and priority level a request falls in,
// and its flow: the user's name for ByUser schemas, the request's
// namespace for ByNamespace ones, and "" for levels without queues, for
// which Kubernetes computes no flow (apf_controller.go, startRequest). A
// nil user is treated as one with no name and no groups.
func (c *Controller) Classify(user *api.UserInfo, info api.RequestInfo) (schema, level, flow string) {
	s := &c.schemas[c.classify(user, &info)]
	l := &c.levels[s.level]
	if l.queued() && l.Queuing.Queues > 1 {
		flow = distinguish(s.Distinguisher, user, &info)
	}
	return s.Name, l.Name, flow
}

// classSlots is how many classifications a controller keeps, in a table
// indexed by a hash of the request where one replaces the one in its
// slot: the requests that repeat are few (a controller's writes, a
// kubelet's status).
const classSlots = 64

// classified is a classification kept: the request's key (what the
// schemas' rules match: api.MemoKey, the object's name not among it) and
// its schema's index plus one, so that a zero slot is empty.
type classified struct {
	key    api.MemoKey
	schema int
}

// classify returns the index of the first schema matching the request,
// falling back to catch-all as Kubernetes does when none matches (a user
// in neither system:authenticated nor system:unauthenticated). The
// schemas never change in a controller's life, so it keeps the answers.
// A kept answer is found by comparing its key with the request in place:
// most requests repeat one already classified, and building their key
// would cost more than the comparison.
func (c *Controller) classify(user *api.UserInfo, info *api.RequestInfo) int {
	if c.classes == nil {
		c.classes = new([classSlots]classified)
	}
	slot := &c.classes[api.MemoHash(user, info)%classSlots]
	if slot.schema > 0 && slot.key.Is(user, info) {
		return slot.schema - 1
	}
	i := c.match(user, info)
	*slot = classified{key: api.MemoKeyOf(user, info), schema: i + 1}
	return i
}

// match is classify without the memo.
func (c *Controller) match(user *api.UserInfo, info *api.RequestInfo) int {
	if user == nil {
		user = &api.UserInfo{}
	}
	w := c.groups.digest(user)
	catchAll := len(c.schemas) - 1
	for i := range c.schemas {
		if c.schemas[i].matches(&w, info) {
			return i
		}
		if c.schemas[i].Name == "catch-all" {
			catchAll = i
		}
	}
	return catchAll
}

// distinguish is computeFlowDistinguisher of apf_controller.go.
func distinguish(by DistinguisherMethod, user *api.UserInfo, info *api.RequestInfo) string {
	switch by {
	case ByUser:
		if user == nil {
			return ""
		}
		return user.Name
	case ByNamespace:
		return info.Namespace
	}
	return ""
}

// hand returns the queues of a flow of schema s, dealt once and kept.
// Levels with one queue deal from a zero hash, as Kubernetes does when it
// computes no flow.
func (c *Controller) hand(s *schemaState, l *levelState, flow string) []int32 {
	if s.lastHand != nil && flow == s.lastFlow {
		return s.lastHand
	}
	h, ok := s.hands[flow]
	if !ok {
		h = c.deal(s, l, flow)
		s.hands[flow] = h
	}
	s.lastFlow, s.lastHand = flow, h
	return h
}

// deal deals the queues of a new flow of schema s.
func (c *Controller) deal(s *schemaState, l *levelState, flow string) []int32 {
	var hash uint64
	if l.Queuing.Queues > 1 {
		hash = hashFlow(s.Name, flow)
	}
	return l.dealer.deal(hash, make([]int32, 0, l.dealer.handSize))
}
