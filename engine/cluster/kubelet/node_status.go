package kubelet

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// The node status loop's constants (pkg/kubelet/kubelet.go,
// kubelet_node_status.go).
const (
	nodeStatusUpdateRetry = 5                      // nodeStatusUpdateRetry
	registerFirstStep     = 100 * time.Millisecond // registerWithAPIServer: sleep, then double
	registerMaxStep       = 7 * time.Second
	loopJitter            = 0.04 // wait.JitterUntil(…, 0.04, true) of the status and lease loops
)

// nodeStatusSync is the kubelet's node status loop (syncNodeStatus, run by
// wait.JitterUntil every nodeStatusUpdateFrequency, 10 s, with a jitter of
// 4 %, the period counted from the end of the previous run):
//
//   - first it registers the Node (registerWithAPIServer): 100 ms after
//     start, a POST of the initial Node; on failure it tries again after a
//     step that doubles up to 7 s. A Node that already exists (409) is read
//     back and its default labels reconciled (tryRegisterWithAPIServer);
//   - then every run computes the status from the Node in the kubelet's
//     cache (a GET when that fails, up to five tries) and PATCHes
//     nodes/NAME/status when it changed (heartbeat times aside) or when
//     nodeStatusReportFrequency (5 min) has passed since the last report,
//     plus a random delay of ±2.5 min drawn after each change so that nodes
//     do not report together (tryUpdateNodeStatus, calculateDelay).
type nodeStatusSync struct {
	l          *life
	timer      *sim.Timer
	registered bool
	step       time.Duration
	lastReport sim.Time
	reported   bool
	delay      time.Duration
	// matches are the stored status values last found equal to the
	// kubelet's own (see statusMatches).
	matches statusMatches
	// unchanged is the stored status and the kubelet's fields last found
	// to differ in nothing but heartbeats (see changed).
	unchanged struct{ stored, fields map[string]any }
	// order is the conditions' $setElementOrder, the same in every
	// patch: the kubelet always reports the same four types.
	order []any
}

func newNodeStatusSync(l *life) *nodeStatusSync { return &nodeStatusSync{l: l} }

func (s *nodeStatusSync) start() {
	s.timer = s.l.k.e.Loop.NewTimer(sim.Func(s.run))
	s.step = registerFirstStep
	s.timer.Reset(s.l.now().Add(s.step))
}

func (s *nodeStatusSync) stop() {
	if s.timer != nil {
		s.timer.Stop()
	}
}

func (s *nodeStatusSync) run() {
	l := s.l
	if l.stopped {
		return
	}
	if !s.registered {
		if !s.register() {
			s.step = min(s.step*2, registerMaxStep)
			s.timer.Reset(l.now().Add(s.step))
			return
		}
		s.registered = true
	}
	s.update()
	period := l.k.e.Timings.NodeStatusUpdateFrequency
	s.timer.Reset(l.now().Add(l.k.e.Rand.Jitter(period, loopJitter)))
}

// register is tryRegisterWithAPIServer.
func (s *nodeStatusSync) register() bool {
	l := s.l
	k := l.k
	node := l.initialNode()
	err := l.client.Do(client.CreateRequest(k.kinds.nodes, node, api.WriteOptions{}), nil).Err()
	if err == nil {
		return true
	}
	if !api.IsReason(err, api.ReasonAlreadyExists) && !api.IsReason(err, api.ReasonForbidden) {
		return false
	}
	existing, err := client.Shared(l.client.DoGet(k.kinds.nodes, "", k.cfg.Node))
	if err != nil {
		return false
	}
	// updateDefaultLabels: the kubelet's own labels follow the machine.
	want := node.Meta.Labels
	patch := map[string]any{}
	for _, key := range [...]string{labelHostname, labelOS, labelArch, labelOSBeta, labelArchBeta} {
		if existing.Meta.Labels[key] != want[key] {
			patch[key] = want[key]
		}
	}
	if len(patch) == 0 {
		return true
	}
	_, err = l.client.Patch(k.kinds.nodes, "", k.cfg.Node, api.StrategicMergePatch,
		map[string]any{"metadata": map[string]any{"labels": patch}}, api.WriteOptions{})
	return err == nil
}

// update is updateNodeStatus: up to five tries.
func (s *nodeStatusSync) update() {
	for i := 0; i < nodeStatusUpdateRetry; i++ {
		if s.tryUpdate(i) {
			return
		}
	}
}

// tryUpdate is tryUpdateNodeStatus.
func (s *nodeStatusSync) tryUpdate(try int) bool {
	l := s.l
	k := l.k
	var orig *object.Object
	if try == 0 {
		o, ok := l.nodeInf.Lister().Get("", k.cfg.Node)
		if !ok {
			return false
		}
		orig = o
	} else {
		o, err := client.Shared(l.client.DoGet(k.kinds.nodes, "", k.cfg.Node))
		if err != nil {
			return false
		}
		orig = o
	}
	old := orig.Status()
	now := l.now()
	fields := l.nodeStatusFields()
	changed := s.changed(old, fields, now)
	expired := !s.reported || now.Sub(s.lastReport) >= k.e.Timings.NodeStatusReportFrequency+s.delay
	if !changed && !expired {
		return true
	}
	if changed || !s.reported {
		f := k.e.Timings.NodeStatusReportFrequency
		s.delay = time.Duration(float64(f) * (-0.5 + k.e.Rand.Float64()))
	} else {
		s.delay = 0
	}
	nowText := now.RFC3339()
	conds := nodeConditions(old, nowText)
	patch := s.patch(old, fields, &conds, nowText)
	if err := l.client.DoPatch(k.kinds.nodes, "", k.cfg.Node, api.StrategicMergePatch, patch, api.WriteOptions{}, "status").Err(); err != nil {
		return false
	}
	s.lastReport, s.reported = now, true
	return true
}

// changed is nodeStatusChanged for the stored status old and the
// kubelet's fields at now. A stored status found unchanged stays so while
// neither it nor the fields are replaced, whatever the time: its
// conditions then keep their stored transition times, and heartbeats are
// not compared. So the check every ten seconds of a settled node, with the
// same Node in the informer, compares nothing.
func (s *nodeStatusSync) changed(old, fields map[string]any, now sim.Time) bool {
	u := &s.unchanged
	if u.stored != nil && object.SameMap(u.stored, old) && object.SameMap(u.fields, fields) {
		return false
	}
	nowText := now.RFC3339()
	conds := nodeConditions(old, nowText)
	if nodeStatusChanged(old, fields, &conds, &s.matches) {
		return true
	}
	u.stored, u.fields = old, fields
	return false
}

// nodeStatusChanged is nodeStatusHasChanged: any difference between the
// stored status old and the status of fields and conds but the
// conditions' heartbeat times. It compares in place, rendering nothing,
// and skips the values matches has found equal before.
func nodeStatusChanged(old, fields map[string]any, conds *[4]nodeCondition, matches *statusMatches) bool {
	if len(old)-hasKey(old, "conditions") != len(fields) {
		return true
	}
	for key, v := range fields {
		if ov, ok := old[key]; !ok || !matches.equal(key, ov, v) {
			return true
		}
	}
	return nodeConditionsChanged(list(old["conditions"]), conds)
}

// statusMatches remembers, for each status field, the stored value and
// the kubelet's value last found equal. Every ten seconds the kubelet
// compares its status with the Node its informer holds, and most of the
// time both sides are the very values compared before: the informer's
// Node has not changed, and the kubelet renders its machine status and
// images once. Stored objects and the kubelet's renders are never
// modified, so the same two maps or lists are still equal, and a deep
// comparison of the images, capacity and node info is spared. The entries
// hold the values themselves, so neither can be collected and its address
// taken by another while remembered.
type statusMatches map[string]statusMatch

// statusMatch is a stored value and the kubelet's, found equal.
type statusMatch struct{ stored, rendered any }

// equal is object.EqualValues(stored, rendered), remembering maps and
// lists found equal under key.
func (m *statusMatches) equal(key string, stored, rendered any) bool {
	if prev, ok := (*m)[key]; ok && object.SameValue(prev.stored, stored) && object.SameValue(prev.rendered, rendered) {
		return true
	}
	if !object.EqualValues(stored, rendered) {
		return false
	}
	if isComposite(rendered) { // and so stored, equal to it
		if *m == nil {
			*m = statusMatches{}
		}
		(*m)[key] = statusMatch{stored, rendered}
	}
	return true
}

// isComposite reports whether v is a map or a list.
func isComposite(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

// hasKey is 1 when m has key, else 0.
func hasKey(m map[string]any, key string) int {
	if _, ok := m[key]; ok {
		return 1
	}
	return 0
}

// patch is nodeStatusPatch, with the conditions' order kept from one
// patch to the next.
func (s *nodeStatusSync) patch(old, fields map[string]any, conds *[4]nodeCondition, now string) map[string]any {
	if s.order == nil {
		s.order = make([]any, len(conds))
		for i := range conds {
			s.order[i] = map[string]any{"type": conds[i].typ}
		}
	}
	return nodeStatusPatch(old, fields, conds, now, &s.matches, s.order)
}

// nodeStatusPatch is the strategic merge patch from the stored status old
// to the status of fields and conds with heartbeat now
// (nodeutil.PatchNodeStatus): changed fields, conditions and addresses
// merged by type. order is the conditions' $setElementOrder. The
// conditions are compared as they would render, without rendering those
// that only need a new heartbeat; fields matches has found equal before
// are not compared again.
func nodeStatusPatch(old, fields map[string]any, conds *[4]nodeCondition, now string, matches *statusMatches, order []any) map[string]any {
	p := map[string]any{}
	for key, v := range fields {
		ov, ok := old[key]
		if ok && matches.equal(key, ov, v) {
			continue
		}
		if key == "addresses" {
			mergeByType(p, key, ov, v)
		} else {
			p[key] = v
		}
	}
	if ov, ok := old["conditions"]; !ok || !nodeConditionsEqual(ov, conds, now) {
		var heartbeat any = now // one box for all
		var typesArray [8]string
		stored := list(ov)
		types := appendTypes(typesArray[:0], stored)
		var changed []any
		for i := range conds {
			c := &conds[i]
			j := lastIndex(types, str(c.typ))
			switch {
			case j < 0:
				changed = append(changed, c.render(heartbeat))
			default:
				om, _ := stored[j].(map[string]any)
				if d := c.diff(om, heartbeat); d != nil {
					changed = append(changed, d)
				}
			}
		}
		p["conditions"] = changed
		p["$setElementOrder/conditions"] = order
	}
	for key := range old {
		if _, ok := fields[key]; !ok && key != "conditions" && key != "volumesInUse" && key != "volumesAttached" && key != "config" {
			p[key] = nil
		}
	}
	return map[string]any{"status": p}
}

// mergeByType adds to the patch p the list key merged by type, from the
// stored ov to v: the elements that changed, each as its elementDiff, and
// the order of v.
func mergeByType(p map[string]any, key string, ov, v any) {
	byType := map[string]map[string]any{}
	for _, e := range list(ov) {
		em, _ := e.(map[string]any)
		byType[str(em["type"])] = em
	}
	var changed, order []any
	for _, e := range list(v) {
		em := e.(map[string]any)
		order = append(order, map[string]any{"type": em["type"]})
		if o, ok := byType[str(em["type"])]; !ok {
			changed = append(changed, em)
		} else if d := elementDiff(o, em); d != nil {
			changed = append(changed, d)
		}
	}
	p[key] = changed
	p["$setElementOrder/"+key] = order
}
