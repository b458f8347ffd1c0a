package store

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

type modelKV struct {
	val                        string
	createRev, modRev, version int64
}

// view is a watcher's reconstruction of the store from its events.
type view map[string]modelKV

func (v view) apply(e Event[string]) {
	if e.Type == Delete {
		delete(v, e.KV.Key)
		return
	}
	v[e.KV.Key] = modelKV{e.KV.Value, e.KV.CreateRevision, e.KV.ModRevision, e.KV.Version}
}

func (v view) String() string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(v)) {
		fmt.Fprintf(&b, "%s=%v ", k, v[k])
	}
	return b.String()
}

func rangeView(t *testing.T, s *Store[string], prefix string, rev int64) view {
	t.Helper()
	res, err := s.RangePrefix(prefix, RangeOptions{Revision: rev})
	if err != nil {
		t.Fatalf("Range(%q, rev %d): %v", prefix, rev, err)
	}
	v := view{}
	for _, kv := range res.KVs {
		v[kv.Key] = modelKV{kv.Value, kv.CreateRevision, kv.ModRevision, kv.Version}
	}
	return v
}

// reflector follows the store as client-go's reflector does: list, then
// watch from the list's revision + 1, and list again after a compaction.
type reflector struct {
	prefix  string
	w       *Watcher[string]
	v       view
	relists int
}

func (r *reflector) sync(t *testing.T, s *Store[string]) {
	if r.w != nil && !r.w.Done() {
		for ev, ok := r.w.Next(); ok; ev, ok = r.w.Next() {
			r.v.apply(ev)
		}
		if !r.w.Done() {
			return
		}
		if !errors.Is(r.w.Err(), ErrCompacted) {
			t.Fatalf("reflector watch ended: %v", r.w.Err())
		}
	}
	rev := s.Rev()
	r.v = rangeView(t, s, r.prefix, rev)
	w, err := s.Watch(r.prefix, rev+1, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.w = w
	r.relists++
}

// runProperty drives a store with a seeded random sequence of operations
// and checks its invariants as it goes. It returns a transcript of every
// event, to compare runs.
func runProperty(t *testing.T, root string, seed int64, steps int) string {
	r := sim.NewRand(seed)
	s := New[string]()
	model := view{}
	var transcript strings.Builder
	var acked []int64     // revisions of acknowledged writes
	var delivered []int64 // revisions seen by the all-keys watcher, once per revision
	all := view{}
	if _, err := s.Watch("", 1, HandlerFunc[string](func(e Event[string]) {
		all.apply(e)
		if n := len(delivered); n == 0 || delivered[n-1] != e.Revision() {
			delivered = append(delivered, e.Revision())
		}
		fmt.Fprintf(&transcript, "%d %s %s %q\n", e.Revision(), e.Type, e.KV.Key, e.KV.Value)
	})); err != nil {
		t.Fatal(err)
	}
	r1 := view{}
	s.Watch(root+"/r1/", 0, HandlerFunc[string](r1.apply))
	refl := &reflector{prefix: root + "/r2/"}
	refl.sync(t, s)
	type snap struct {
		rev int64
		v   view
	}
	var snaps []snap

	key := func() string { return fmt.Sprintf("%s/r%d/k%02d", root, r.Intn(3), r.Intn(12)) }
	modRev := func(k string) int64 {
		if kv, ok := model[k]; ok && r.Intn(5) > 0 {
			return kv.modRev
		}
		return int64(r.Intn(int(s.Rev()) + 2))
	}
	for step := range steps {
		before := s.Rev()
		k := key()
		var op Op[string]
		switch r.Intn(10) {
		case 0, 1:
			op = Op[string]{Kind: OpCreate, Key: k}
		case 2, 3, 4:
			op = Op[string]{Kind: OpPut, Key: k}
		case 5, 6:
			op = Op[string]{Kind: OpUpdate, Key: k, ModRevision: modRev(k)}
		case 7:
			op = Op[string]{Kind: OpDelete, Key: k, ModRevision: modRev(k) * int64(r.Intn(2))}
		case 8:
			// A transaction of two or three writes.
			var ops []Op[string]
			for range 2 + r.Intn(2) {
				k := key()
				kind := []OpKind{OpCreate, OpPut, OpUpdate, OpDelete}[r.Intn(4)]
				ops = append(ops, Op[string]{Kind: kind, Key: k, Value: fmt.Sprint(step), ModRevision: modRev(k)})
			}
			ok := txnAllowed(model, ops)
			rev, err := s.Txn(ops...)
			if ok != (err == nil) {
				t.Fatalf("step %d: Txn %+v = %v, model says ok=%v", step, ops, err, ok)
			}
			if err == nil {
				for _, op := range ops {
					applyModel(model, op, rev)
				}
				acked = append(acked, rev)
			} else if rev != before || s.Rev() != before {
				t.Fatalf("step %d: failed Txn moved the revision", step)
			}
			continue
		case 9:
			if r.Intn(4) == 0 && s.Rev() > s.CompactRevision()+1 {
				target := s.CompactRevision() + 1 + r.Int63n(s.Rev()-s.CompactRevision())
				if err := s.Compact(target); err != nil {
					t.Fatalf("step %d: Compact(%d): %v", step, target, err)
				}
			}
			continue
		}
		op.Value = fmt.Sprint(step)
		ok := txnAllowed(model, []Op[string]{op})
		var err error
		var got KeyValue[string]
		if op.Kind == OpDelete {
			_, _, err = s.Delete(op.Key, op.ModRevision)
		} else {
			got, err = s.write1(op)
		}
		if ok != (err == nil) {
			t.Fatalf("step %d: %+v = %v, model says ok=%v", step, op, err, ok)
		}
		if err != nil {
			if s.Rev() != before {
				t.Fatalf("step %d: failed write moved the revision", step)
			}
			continue
		}
		if s.Rev() != before+1 {
			t.Fatalf("step %d: revision %d -> %d", step, before, s.Rev())
		}
		applyModel(model, op, s.Rev())
		acked = append(acked, s.Rev())
		if op.Kind != OpDelete && model[op.Key] != (modelKV{got.Value, got.CreateRevision, got.ModRevision, got.Version}) {
			t.Fatalf("step %d: wrote %+v, model has %+v", step, got, model[op.Key])
		}

		if step%7 == 0 {
			refl.sync(t, s)
		}
		if step%50 == 0 {
			snaps = append(snaps, snap{s.Rev(), maps.Clone(model)})
		}
		if step%100 == 0 {
			refl.sync(t, s)
			checkViews(t, step, s, root, model, all, r1, refl)
			for _, sn := range snaps {
				if sn.rev < s.CompactRevision() {
					continue
				}
				if got := rangeView(t, s, "", sn.rev); got.String() != sn.v.String() {
					t.Fatalf("step %d: Range at %d differs from the store as it was", step, sn.rev)
				}
			}
		}
	}
	refl.sync(t, s)
	checkViews(t, steps, s, root, model, all, r1, refl)
	if !slices.Equal(acked, delivered) {
		t.Fatalf("acknowledged %d writes, watcher saw %d revisions", len(acked), len(delivered))
	}
	if refl.relists < 2 && s.CompactRevision() > 0 {
		t.Logf("seed %d: the reflector never had to relist", seed)
	}
	return transcript.String()
}

func checkViews(t *testing.T, step int, s *Store[string], root string, model, all, r1 view, refl *reflector) {
	t.Helper()
	want := model.String()
	if got := rangeView(t, s, "", 0).String(); got != want {
		t.Fatalf("step %d: store %s\nmodel %s", step, got, want)
	}
	if all.String() != want {
		t.Fatalf("step %d: watcher view differs from the store", step)
	}
	if got, want := r1.String(), rangeView(t, s, root+"/r1/", 0).String(); got != want {
		t.Fatalf("step %d: /r1/ watcher view differs from the store", step)
	}
	if got, want := refl.v.String(), rangeView(t, s, root+"/r2/", 0).String(); got != want {
		t.Fatalf("step %d: reflector view differs from the store\n%s\n%s", step, got, want)
	}
}

// txnAllowed says whether ops would succeed against the model.
func txnAllowed(m view, ops []Op[string]) bool {
	seen := map[string]bool{}
	for _, op := range ops {
		if seen[op.Key] {
			return false
		}
		seen[op.Key] = true
		cur, ok := m[op.Key]
		switch op.Kind {
		case OpCreate:
			if ok {
				return false
			}
		case OpUpdate:
			if !ok || cur.modRev != op.ModRevision {
				return false
			}
		case OpDelete:
			if !ok || op.ModRevision != 0 && cur.modRev != op.ModRevision {
				return false
			}
		}
	}
	return true
}

func applyModel(m view, op Op[string], rev int64) {
	if op.Kind == OpDelete {
		delete(m, op.Key)
		return
	}
	cur, ok := m[op.Key]
	if !ok {
		m[op.Key] = modelKV{op.Value, rev, rev, 1}
		return
	}
	m[op.Key] = modelKV{op.Value, cur.createRev, rev, cur.version + 1}
}

// TestProperty runs random writes under keys of two or of three '/'
// ("/r1/k01", "/registry/r1/k01"): the watchers of "/r1/" are offered every
// write, those of "/registry/r1/" only the writes of their bucket.
func TestProperty(t *testing.T) {
	for _, root := range []string{"", "/registry"} {
		for seed := range int64(6) {
			t.Run(fmt.Sprintf("root=%s/seed=%d", root, seed), func(t *testing.T) {
				runProperty(t, root, seed, 5000)
			})
		}
	}
}

func TestPropertyDeterministic(t *testing.T) {
	a, b := runProperty(t, "", 42, 2000), runProperty(t, "", 42, 2000)
	if a != b {
		t.Fatal("two runs with one seed differ")
	}
	if c := runProperty(t, "", 43, 2000); c == a {
		t.Fatal("two seeds gave the same run")
	}
}
