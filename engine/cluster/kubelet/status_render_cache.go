package kubelet

import "github.com/loopbook/loopbook/engine/cluster/object"

// renderCache keeps what a Pod's status rendered to last time, piece by
// piece, so that a new status renders again only what changed: most
// updates change one condition or one container state. The maps and lists
// it returns are shared by every render that reuses them and must never be
// modified; requests copy what they send. So are the boxed strings it
// keeps, which nothing can modify.
type renderCache struct {
	conditions   []renderedCondition // one per condition type
	conditionsL  boxedList           // the last list of conditions
	order        typeOrder           // the last conditions' $setElementOrder
	init, normal containerRenders
	podIP        ipRender
	node         *nodeRenders // what the node's Pods share; nil for none yet
	startTime    object.TimeBox
	// phase, qosClass, reason and message are the status's strings, boxed
	// as the rendered map holds them.
	phase, qosClass, reason, message object.StringBox
	// meta is the patch's metadata, {uid: metaUID}: the same for every
	// patch of the Pod.
	meta    map[string]any
	metaUID string
}

type renderedCondition struct {
	c condition
	m map[string]any
}

// condition returns c rendered: the map rendered for its type last time
// when c is the same.
func (rc *renderCache) condition(c *condition) map[string]any {
	for i := range rc.conditions {
		r := &rc.conditions[i]
		if r.c.typ != c.typ {
			continue
		}
		if r.c != *c {
			r.c, r.m = *c, c.renderFrom(&r.c, r.m, &rc.shared().transition)
		}
		return r.m
	}
	m := c.render(&rc.shared().transition)
	if rc.conditions == nil {
		rc.conditions = make([]renderedCondition, 0, len(kubeletConditions))
	}
	rc.conditions = append(rc.conditions, renderedCondition{c: *c, m: m})
	return m
}

// conditionList returns the conditions rendered, the list boxed: the
// previous list when it holds the same maps in the same places.
func (rc *renderCache) conditionList(cs []condition) any {
	prev := rc.conditionsL.l
	var out []any
	if len(prev) != len(cs) {
		out = make([]any, len(cs))
	}
	for i := range cs {
		m := rc.condition(&cs[i])
		if out == nil {
			if pm, ok := prev[i].(map[string]any); ok && object.SameMap(pm, m) {
				continue
			}
		}
		if out == nil {
			out = make([]any, len(cs))
			copy(out, prev[:i])
		}
		out[i] = m
	}
	if out == nil {
		return rc.conditionsL.v
	}
	rc.conditionsL.set(out)
	return rc.conditionsL.v
}

// typeOrder returns the $setElementOrder of the conditions cs, one
// {type: T} for each: the previous list when the types are the same, else
// the node's list for these types.
func (rc *renderCache) typeOrder(cs []condition) []any {
	if !sameTypes(rc.order.types, cs) {
		rc.order = rc.shared().order(cs)
	}
	return rc.order.list
}

// patchMeta returns the metadata of a patch of the Pod whose UID is uid,
// {uid: UID}, made once for the Pod.
func (rc *renderCache) patchMeta(uid string) map[string]any {
	if rc.meta == nil || rc.metaUID != uid {
		rc.meta, rc.metaUID = map[string]any{"uid": uid}, uid
	}
	return rc.meta
}

// shared returns what rc shares with the node's other Pods, its own when
// it was made without a node.
func (rc *renderCache) shared() *nodeRenders {
	if rc.node == nil {
		rc.node = &nodeRenders{}
	}
	return rc.node
}

// boxedList is a rendered list, and the same list boxed as a value of the
// tree: boxed once rather than at every render that reuses it.
type boxedList struct {
	l []any
	v any
}

func (b *boxedList) set(l []any) { b.l, b.v = l, l }

// containerRenders are the container statuses of one list (init or
// regular) as last rendered.
type containerRenders struct {
	statuses []containerStatus
	maps     []map[string]any
	list     boxedList
}

// render returns the list rendered, boxed, reusing each container's map
// while its status renders the same, and the whole list when all are
// reused.
func (cr *containerRenders) render(list []containerStatus) any {
	same := len(cr.statuses) == len(list)
	if !same {
		cr.statuses = make([]containerStatus, len(list))
		cr.maps = make([]map[string]any, len(list))
	}
	for i := range list {
		if cr.maps[i] != nil && rendersSame(&cr.statuses[i], &list[i]) {
			continue
		}
		same = false
		if cr.maps[i] != nil {
			cr.maps[i] = renderStatusFrom(&list[i], &cr.statuses[i], cr.maps[i])
		} else {
			cr.maps[i] = renderStatus(&list[i])
		}
		cr.statuses[i] = list[i]
	}
	if same && cr.list.l != nil {
		return cr.list.v
	}
	l := make([]any, len(list))
	for i, m := range cr.maps {
		l[i] = m
	}
	cr.list.set(l)
	return cr.list.v
}

// rendersSame reports whether two container statuses render the same
// (renderStatus).
func rendersSame(a, b *containerStatus) bool {
	if a.name != b.name || a.image != b.image || a.imageID != b.imageID || a.containerID != b.containerID ||
		a.state != b.state || a.lastState != b.lastState || a.ready != b.ready || a.started != b.started ||
		a.restartCount != b.restartCount || len(a.volumeMounts) != len(b.volumeMounts) ||
		(a.resources == nil) != (b.resources == nil) || (a.allocated == nil) != (b.allocated == nil) {
		return false
	}
	for i := range a.volumeMounts {
		if a.volumeMounts[i] != b.volumeMounts[i] {
			return false
		}
	}
	return (a.resources == nil || object.EqualValues(a.resources, b.resources)) &&
		(a.allocated == nil || object.EqualValues(a.allocated, b.allocated))
}

// ipRender is an IP as hostIP and podIP show it, and its list as hostIPs
// and podIPs show it, [{ip: IP}], both boxed.
type ipRender struct {
	ip   string
	v    any
	list any
}

func (r *ipRender) render(ip string) (any, any) {
	if r.list == nil || r.ip != ip {
		r.ip, r.v = ip, ip
		r.list = []any{map[string]any{"ip": r.v}}
	}
	return r.v, r.list
}
