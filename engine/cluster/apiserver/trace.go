package apiserver

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// The API server records, for each request, one event from the client to
// the replica with the API verb (appended when the request arrives, so it
// precedes the gates, and completed in place when the request ends: its
// outcome, the resourceVersion after, the object change), then one event
// per gate it passes through, from the replica to itself (PERSIST: to
// "etcd", one per store write), each with its outcome.

// apiVerb is the trace verb of a request: its API verb, or its HTTP
// method for a non-resource request. A switch rather than a map: every
// request asks.
func apiVerb(info *api.RequestInfo) trace.Verb {
	switch info.Verb {
	case "get":
		return trace.Get
	case "list":
		return trace.List
	case "watch":
		return trace.Watch
	case "create", "post":
		return trace.Create
	case "update", "put":
		return trace.Update
	case "patch":
		return trace.Patch
	case "delete":
		return trace.Delete
	case "deletecollection":
		return trace.DeleteCollection
	}
	return trace.Get
}

// describe fills the object fields of ev from the request: the resource,
// or for a non-resource request its path as the name.
func describe(ev *trace.Event, info *api.RequestInfo) {
	if !info.IsResourceRequest {
		ev.Name = info.Path
		return
	}
	ev.Group, ev.Resource, ev.Subresource = info.APIGroup, info.Resource, info.Subresource
	ev.Namespace, ev.Name = info.Namespace, info.Name
}

// begin records the request event.
func (r *request) begin() {
	ev := r.s.p.cfg.Trace.Add()
	ev.Time, ev.From, ev.To, ev.Verb = r.now, r.req.From, r.s.name, apiVerb(&r.info)
	describe(ev, &r.info)
	if ev.Name == "" && r.info.Verb == "create" && r.info.Subresource == "" {
		if o := r.req.Object; o != nil {
			ev.Name = o.Meta.Name
		} else if md, ok := r.req.Body["metadata"].(map[string]any); ok {
			ev.Name, _ = md["name"].(string)
		}
	}
	r.event = ev.Seq
}

// gate records a gate's event: to the replica itself, or to "etcd" for
// PERSIST; st is nil when the gate let the request through.
func (r *request) gate(verb trace.Verb, phase trace.Phase, st *api.Status, detail string) int {
	to := r.s.name
	if verb == trace.Persist {
		to = trace.Etcd
	}
	ev := r.s.p.cfg.Trace.Add()
	ev.Time, ev.From, ev.To, ev.Verb, ev.Phase, ev.Detail = r.now, r.s.name, to, verb, phase, detail
	if st != nil {
		ev.Outcome = outcome(st)
	}
	if verb == trace.Authenticate {
		if r.user != nil {
			ev.Name = r.user.Name
		}
		return ev.Seq
	}
	describe(ev, &r.info)
	if ev.Name == "" && r.obj != nil {
		ev.Name = r.obj.Meta.Name
	}
	return ev.Seq
}

// persisted records a store write: the PERSIST event with the revisions
// before and after.
func (r *request) persisted(o *object.Object, before, after, detail string) {
	ev := r.s.p.cfg.Trace.At(r.gate(trace.Persist, 0, nil, detail))
	ev.Name = o.Meta.Name
	ev.RVBefore, ev.RVAfter = before, after
}

// SummarizeChanges makes the writes from now on carry the summary of
// what they change in their objects, after a start whose summaries went
// unread (Config.UnreadChanges).
func (p *Plane) SummarizeChanges() { p.unread = false }

// updateChange is the change an update makes from old to new, and
// whether there is none: the update then writes nothing. The objects are
// compared at once; the summary is worked out when read (deferChange),
// or never while changes go unsummarised (Config.UnreadChanges).
func (p *Plane) updateChange(old, new *object.Object) (change *trace.Change, same bool) {
	if p.sameObject(old, new) {
		return nil, true
	}
	return p.changeOf(old, new), false
}

// changeOf summarises the difference between two objects for the trace,
// leaving out metadata.resourceVersion (the event's RVBefore and RVAfter
// carry it), or nil when they do not differ. A create is the object's
// top-level fields set; a delete, removed; a change from one object to
// another is deferred until read (deferChange).
func (p *Plane) changeOf(old, new *object.Object) *trace.Change {
	switch {
	case p.unread:
		// No one reads it (Config.UnreadChanges).
		return nil
	case old != nil && new != nil:
		return p.deferChange(old, new)
	}
	return p.differ.diff(old, new)
}

// changeDiffer works out change summaries in scratch lists it keeps from
// one to the next. A deferred change holds it rather than the plane, so
// that an unread change keeps alive its two objects and no more; and as
// the readers of a finished run may share it between goroutines, it
// works out one summary at a time.
type changeDiffer struct {
	mu sync.Mutex
	// changes are the scratch lists a summary is collected in.
	changes changeSummary
	// diffs is the scratch list of the differences summarised.
	diffs []object.Change
	// table holds the latest summaries, which equal ones share.
	table changeTable
	// created and removed remember the last summary of a create and of a
	// delete of each kind.
	created, removed topLevelMemo
}

// diff is changeOf worked out. The summary is collected in the scratch
// lists and copied out in one allocation, unless an equal one was
// recorded recently (see changeTable).
func (p *changeDiffer) diff(old, new *object.Object) *trace.Change {
	p.mu.Lock()
	defer p.mu.Unlock()
	c := &p.changes
	switch {
	case old == nil && new == nil:
	case old == nil:
		if ch := p.created.lookup(new); ch != nil {
			return ch
		}
		c.Set = c.topLevel(c.Set, new)
		ch := p.table.take(c)
		p.created.remember(new, ch)
		return ch
	case new == nil:
		if ch := p.removed.lookup(old); ch != nil {
			return ch
		}
		c.Removed = c.topLevel(c.Removed, old)
		ch := p.table.take(c)
		p.removed.remember(old, ch)
		return ch
	default:
		// Diff the metadata only when it changed beyond its
		// resourceVersion, and the rest without rendering the metadata;
		// then order the top-level fields as one Diff would (sorted).
		diffs := p.diffs[:0]
		if !metaEqual(&old.Meta, &new.Meta) {
			om, nm := old.Meta, new.Meta
			om.ResourceVersion, nm.ResourceVersion = "", ""
			diffs = object.AppendDiff(diffs, &object.Object{Meta: om}, &object.Object{Meta: nm})
		}
		nmeta := len(diffs)
		diffs = object.AppendDiff(diffs, &object.Object{Content: old.Content}, &object.Object{Content: new.Content})
		if old.APIVersion != new.APIVersion {
			diffs = append(diffs, object.Change{Op: object.Changed, Path: ".apiVersion"})
		}
		if old.Kind != new.Kind {
			diffs = append(diffs, object.Change{Op: object.Changed, Path: ".kind"})
		}
		meta, content := diffs[:nmeta], diffs[nmeta:]
		slices.SortStableFunc(content, func(a, b object.Change) int { return strings.Compare(topKey(a.Path), topKey(b.Path)) })
		i, _ := slices.BinarySearchFunc(content, "metadata", func(c object.Change, k string) int { return strings.Compare(topKey(c.Path), k) })
		c.add(content[:i])
		c.add(meta)
		c.add(content[i:])
		// The list is kept for the next write; its values are not.
		clear(diffs)
		p.diffs = diffs[:0]
	}
	return p.table.take(c)
}

// topKey is the top-level field a path starts in.
func topKey(path string) string {
	p := strings.TrimPrefix(path, ".")
	if strings.HasPrefix(p, `["`) {
		if k, err := strconv.Unquote(p[1 : strings.Index(p, `"]`)+1]); err == nil {
			return k
		}
	}
	if i := strings.IndexAny(p, ".["); i >= 0 {
		return p[:i]
	}
	return p
}

// changeSummary collects a trace.Change in lists that are reused from
// one summary to the next; take copies it out.
type changeSummary trace.Change

// add appends differences to a change summary.
func (c *changeSummary) add(diffs []object.Change) {
	for _, d := range diffs {
		switch d.Op {
		case object.Set:
			c.Set = append(c.Set, d.Path)
		case object.Changed:
			c.Changed = append(c.Changed, d.Path)
		case object.Removed:
			c.Removed = append(c.Removed, d.Path)
		}
	}
}

// take returns a copy of the summary, nil when it is empty, and empties
// the summary. The copy's lists are nil when empty, as appending leaves
// them, and share one allocation with the Change (see newChange); their
// capacities are their lengths, so appending to one never writes into
// another.
func (c *changeSummary) take() *trace.Change {
	ns, nc, nr := len(c.Set), len(c.Changed), len(c.Removed)
	if ns+nc+nr == 0 {
		return nil
	}
	out, paths := newChange(ns + nc + nr)
	if ns > 0 {
		out.Set = paths[:ns:ns]
		copy(out.Set, c.Set)
	}
	if nc > 0 {
		out.Changed = paths[ns : ns+nc : ns+nc]
		copy(out.Changed, c.Changed)
	}
	if nr > 0 {
		out.Removed = paths[ns+nc : ns+nc+nr : ns+nc+nr]
		copy(out.Removed, c.Removed)
	}
	c.reset()
	return out
}

// reset empties the summary, dropping its paths so that the scratch
// lists keep no strings alive.
func (c *changeSummary) reset() {
	clear(c.Set)
	clear(c.Changed)
	clear(c.Removed)
	c.Set, c.Changed, c.Removed = c.Set[:0], c.Changed[:0], c.Removed[:0]
}

// newChange allocates a Change together with room for its n paths: for
// up to eight paths (a create's top-level fields, an update's few
// changes), one allocation of the size class that the two would take
// apart.
func newChange(n int) (*trace.Change, []string) {
	switch n {
	case 1:
		return box(func(p *[1]string) []string { return p[:] })
	case 2:
		return box(func(p *[2]string) []string { return p[:] })
	case 3:
		return box(func(p *[3]string) []string { return p[:] })
	case 4:
		return box(func(p *[4]string) []string { return p[:] })
	case 5:
		return box(func(p *[5]string) []string { return p[:] })
	case 6:
		return box(func(p *[6]string) []string { return p[:] })
	case 7:
		return box(func(p *[7]string) []string { return p[:] })
	case 8:
		return box(func(p *[8]string) []string { return p[:] })
	}
	return new(trace.Change), make([]string, n)
}

// boxed is a Change and the array its paths are kept in.
type boxed[A any] struct {
	c     trace.Change
	paths A
}

// box allocates a Change with an array A for its paths, which slice
// returns whole.
func box[A any](slice func(*A) []string) (*trace.Change, []string) {
	b := new(boxed[A])
	return &b.c, slice(&b.paths)
}

// topLevel appends to keys an object's top-level fields as Diff names
// them, in Diff's order (sorted).
func (c *changeSummary) topLevel(keys []string, o *object.Object) []string {
	keys = append(keys, ".apiVersion", ".kind", ".metadata")
	for k := range o.Content {
		if p, ok := topLevelPaths[k]; ok {
			keys = append(keys, p)
		} else if isIdentifier(k) {
			keys = append(keys, "."+k)
		} else {
			keys = append(keys, object.Path(nil).Child(k).String())
		}
	}
	slices.Sort(keys)
	return keys
}

// topLevelPaths are the paths of the top-level fields of the built-in
// kinds, so that summarising a create or a delete does not build them.
var topLevelPaths = func() map[string]string {
	m := map[string]string{}
	for _, k := range []string{"spec", "status", "data", "binaryData", "stringData", "type", "immutable",
		"rules", "roleRef", "subjects", "aggregationRule", "webhooks", "secrets", "imagePullSecrets",
		"automountServiceAccountToken", "addressType", "endpoints", "ports", "provisioner", "parameters",
		"reclaimPolicy", "volumeBindingMode", "allowVolumeExpansion", "mountOptions", "allowedTopologies",
		"involvedObject", "reason", "message", "source", "firstTimestamp", "lastTimestamp", "count",
		"eventTime", "series", "action", "related", "reportingComponent", "reportingInstance",
		"value", "globalDefault", "description", "preemptionPolicy", "handler", "overhead", "scheduling",
		"template", "target", "subsets"} {
		m[k] = "." + k
	}
	return m
}()

// isIdentifier reports whether a key prints as ".key" in a path.
func isIdentifier(k string) bool {
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' && i > 0 || c == '_') {
			return false
		}
	}
	return k != ""
}
