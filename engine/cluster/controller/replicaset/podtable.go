package replicaset

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// podTable holds, for every cached Pod, the facts a sync reads of it,
// grouped as the informer's podController index groups Pods: by
// controller, and the orphans by namespace. A sync visits every Pod of
// its ReplicaSet, and a ReplicaSet may have tens of thousands; reading
// each object tree every time would cost far more than the sync's own
// work, so each Pod version is read once, when the informer delivers it,
// into a dense row. The set of Pods per group is exactly the index's;
// within a group, rows keep the order Pods arrived in, but a deleted Pod's
// place is taken by the group's last.
type podTable struct {
	groups map[string]*podGroup
	where  map[string]slot // by Pod key, "namespace/name"
}

type podGroup struct{ rows []podRow }

type slot struct {
	g *podGroup
	i int
}

// podRow is one Pod version's facts.
type podRow struct {
	obj        *object.Object
	controller string // the controller's UID, "" for an orphan
	deleting   bool   // deletionTimestamp set
	terminal   bool   // Succeeded or Failed
	ready      bool
	readySince time.Time // the Ready condition's lastTransitionTime

	// Whether the labels match the selector and the template labels of
	// the ReplicaSet (UID, generation) that last asked, when it controls
	// the Pod: the selector is immutable and a template change moves the
	// generation.
	askedBy            string
	askedGen           int64
	selector, template bool
}

func newPodTable() *podTable {
	return &podTable{groups: map[string]*podGroup{}, where: map[string]slot{}}
}

func newRow(p *object.Object) podRow {
	ph := podPhase(p)
	ready, since := podReady(p)
	ctrl := ""
	if ref, ok := p.Meta.ControllerRef(); ok {
		ctrl = ref.UID
	}
	return podRow{obj: p, controller: ctrl, deleting: p.Meta.DeletionTimestamp != nil,
		terminal: ph == podSucceeded || ph == podFailed, ready: ready, readySince: since}
}

func groupKey(p *object.Object) string {
	if ref, ok := p.Meta.ControllerRef(); ok {
		return podControllerIndexKey(p.Meta.Namespace, &ref)
	}
	return podControllerIndexKey(p.Meta.Namespace, nil)
}

// set records the version of a Pod the cache now holds: in place when
// its group is unchanged, else moved to its new group.
func (t *podTable) set(p *object.Object) {
	key, gk := p.Key(), groupKey(p)
	if s, ok := t.where[key]; ok {
		if s.g == t.groups[gk] {
			s.g.rows[s.i] = newRow(p)
			return
		}
		t.remove(p)
	}
	g := t.groups[gk]
	if g == nil {
		g = &podGroup{}
		t.groups[gk] = g
	}
	g.rows = append(g.rows, newRow(p))
	t.where[key] = slot{g, len(g.rows) - 1}
}

// remove forgets a Pod the cache no longer holds; the group's last row
// takes its place.
func (t *podTable) remove(p *object.Object) {
	key := p.Key()
	s, ok := t.where[key]
	if !ok {
		return
	}
	delete(t.where, key)
	last := len(s.g.rows) - 1
	if s.i != last {
		s.g.rows[s.i] = s.g.rows[last]
		t.where[s.g.rows[s.i].obj.Key()] = s
	}
	s.g.rows[last] = podRow{}
	s.g.rows = s.g.rows[:last]
}

// rows returns a group's rows (the table's own: read within a sync only).
func (t *podTable) rows(key string) []podRow {
	if g := t.groups[key]; g != nil {
		return g.rows
	}
	return nil
}

// active is controller.IsPodActive.
func (r *podRow) active() bool { return !r.deleting && !r.terminal }

// terminating is controller.IsPodTerminating.
func (r *podRow) terminating() bool { return r.deleting && !r.terminal }

// available is podutil.IsPodAvailable (controller.PodAvailable) over the
// row.
func (r *podRow) available(minReadySeconds int64, now time.Time) bool {
	return r.ready && controller.ReadyLongEnough(r.readySince, minReadySeconds, now)
}

// labels reports whether the Pod's labels match rs's selector and its
// template's labels, remembered for a Pod rs controls.
func (r *podRow) labels(rs *replicaSet) (selector, template bool) {
	uid, gen := rs.obj.Meta.UID, rs.obj.Meta.Generation
	if r.askedBy == uid && r.askedGen == gen {
		return r.selector, r.template
	}
	selector, template = rs.match.matches(r.obj.Meta.Labels), rs.template.matches(r.obj.Meta.Labels)
	if r.controller == uid {
		r.askedBy, r.askedGen, r.selector, r.template = uid, gen, selector, template
	}
	return selector, template
}
