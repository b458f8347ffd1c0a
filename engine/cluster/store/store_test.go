package store

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func keys(kvs []KeyValue[string]) string {
	var b []string
	for _, kv := range kvs {
		b = append(b, fmt.Sprintf("%s=%s@%d", kv.Key, kv.Value, kv.ModRevision))
	}
	return strings.Join(b, " ")
}

func mustPut(t *testing.T, s *Store[string], k, v string) KeyValue[string] {
	t.Helper()
	kv, err := s.Put(k, v)
	if err != nil {
		t.Fatalf("Put(%q): %v", k, err)
	}
	return kv
}

// strLen sizes a test value.
func strLen(v string) int { return len(v) }

func TestRevisions(t *testing.T) {
	s := NewSized(strLen)
	if s.Rev() != 1 {
		t.Fatalf("empty store at revision %d, want 1 (etcd)", s.Rev())
	}
	a := mustPut(t, s, "a", "1")
	if a.ModRevision != 2 || a.CreateRevision != 2 || a.Version != 1 {
		t.Errorf("first write = %+v, want create=mod=2 version=1", a)
	}
	a2 := mustPut(t, s, "a", "22")
	if a2.ModRevision != 3 || a2.CreateRevision != 2 || a2.Version != 2 {
		t.Errorf("second write = %+v, want create=2 mod=3 version=2", a2)
	}
	if _, err := s.Create("a", "x"); !errors.Is(err, ErrKeyExists) {
		t.Errorf("Create of existing key: %v", err)
	}
	if s.Rev() != 3 {
		t.Errorf("failed write moved the revision to %d", s.Rev())
	}
	if n, b := s.Len(), s.Bytes(); n != 1 || b != 2 {
		t.Errorf("Len=%d Bytes=%d, want 1 2 (the live version's size)", n, b)
	}
	mustPut(t, s, "b", "333")
	if b := s.Bytes(); b != 5 {
		t.Errorf("Bytes=%d with two live values of 2 and 3 bytes", b)
	}
	if b := New[string]().Bytes(); b != 0 {
		t.Errorf("a store without a size function holds %d bytes", b)
	}
}

func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name     string
		do       func(s *Store[string]) error
		want     error
		expected int64
		actual   int64
	}{
		{"create exists", func(s *Store[string]) error { _, err := s.Create("k", "v"); return err }, ErrKeyExists, 0, 0},
		{"update stale", func(s *Store[string]) error { _, err := s.Update("k", 2, "v"); return err }, ErrConflict, 2, 3},
		{"update future", func(s *Store[string]) error { _, err := s.Update("k", 9, "v"); return err }, ErrConflict, 9, 3},
		{"update missing", func(s *Store[string]) error { _, err := s.Update("nope", 3, "v"); return err }, ErrKeyNotFound, 0, 0},
		{"delete stale", func(s *Store[string]) error { _, _, err := s.Delete("k", 2); return err }, ErrConflict, 2, 3},
		{"delete missing", func(s *Store[string]) error { _, _, err := s.Delete("nope", 0); return err }, ErrKeyNotFound, 0, 0},
		{"txn duplicate", func(s *Store[string]) error {
			_, err := s.Txn(Op[string]{Kind: OpPut, Key: "x"}, Op[string]{Kind: OpPut, Key: "x"})
			return err
		}, ErrDuplicateKey, 0, 0},
		{"txn one compare fails", func(s *Store[string]) error {
			_, err := s.Txn(Op[string]{Kind: OpPut, Key: "x"}, Op[string]{Kind: OpUpdate, Key: "k", ModRevision: 2})
			return err
		}, ErrConflict, 2, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := New[string]()
			mustPut(t, s, "k", "v1")
			mustPut(t, s, "k", "v2") // k at mod revision 3
			err := tc.do(s)
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			var ke *KeyError
			if !errors.As(err, &ke) || ke.Expected != tc.expected || ke.Actual != tc.actual {
				t.Errorf("KeyError = %+v, want expected=%d actual=%d", ke, tc.expected, tc.actual)
			}
			if s.Rev() != 3 || s.History() != 2 {
				t.Errorf("rejected write changed the store: rev %d, %d events", s.Rev(), s.History())
			}
			if _, ok, _ := s.Get("x"); ok {
				t.Error("failed transaction applied an op")
			}
		})
	}
}

func TestUpdateCAS(t *testing.T) {
	s := New[string]()
	kv := mustPut(t, s, "k", "a")
	kv2, err := s.Update("k", kv.ModRevision, "b")
	if err != nil || kv2.ModRevision != 3 || kv2.Version != 2 {
		t.Fatalf("Update = %+v, %v", kv2, err)
	}
	// The same expected revision a second time is a conflict: only one of
	// two racing writers wins.
	if _, err := s.Update("k", kv.ModRevision, "c"); !errors.Is(err, ErrConflict) {
		t.Errorf("second Update with stale revision: %v", err)
	}
}

// TestUpdateBytes: an update by a key in a buffer is Update, and
// the buffer is not kept: changing it afterwards changes nothing stored.
func TestUpdateBytes(t *testing.T) {
	s := New[string]()
	kv := mustPut(t, s, "/k/a", "a")
	buf := []byte("/k/a")
	kv2, err := s.UpdateBytes(buf, kv.ModRevision, "b")
	if err != nil || kv2.Key != "/k/a" || kv2.ModRevision != 3 || kv2.Version != 2 || kv2.Value != "b" {
		t.Fatalf("UpdateBytes = %+v, %v", kv2, err)
	}
	copy(buf, "/k/z")
	if got, ok, _ := s.Get("/k/a"); !ok || got.Value != "b" || got.Key != "/k/a" {
		t.Errorf("after the buffer changed, Get = %+v, %v", got, ok)
	}
	if _, err := s.UpdateBytes(buf, kv2.ModRevision, "c"); !errors.Is(err, ErrKeyNotFound) {
		t.Errorf("UpdateBytes of a missing key: %v", err)
	} else if ke := (*KeyError)(nil); !errors.As(err, &ke) || ke.Key != "/k/z" {
		t.Errorf("the error names %v", err)
	}
	if _, err := s.UpdateBytes([]byte("/k/a"), kv.ModRevision, "c"); !errors.Is(err, ErrConflict) {
		t.Errorf("UpdateBytes at a stale revision: %v", err)
	}
}

func TestDelete(t *testing.T) {
	s := NewSized(strLen)
	mustPut(t, s, "k", "a")
	mustPut(t, s, "k", "bb")
	var events []Event[string]
	if _, err := s.Watch("", 0, HandlerFunc[string](func(e Event[string]) { events = append(events, e) })); err != nil {
		t.Fatal(err)
	}
	prev, rev, err := s.Delete("k", 3)
	if err != nil || rev != 4 || prev.Value != "bb" || prev.Version != 2 {
		t.Fatalf("Delete = %+v, %d, %v", prev, rev, err)
	}
	if _, ok, _ := s.Get("k"); ok {
		t.Error("deleted key still readable")
	}
	if s.Len() != 0 || s.Bytes() != 0 {
		t.Errorf("Len=%d Bytes=%d after delete", s.Len(), s.Bytes())
	}
	ev := events[0]
	if ev.Type != Delete || ev.KV != (KeyValue[string]{Key: "k", ModRevision: 4}) || ev.Prev.Value != "bb" || ev.Prev.ModRevision != 3 {
		t.Errorf("delete event = %+v", ev)
	}
	// Re-creating starts a new life: version 1, a new create revision.
	kv, err := s.Create("k", "c")
	if err != nil || kv.Version != 1 || kv.CreateRevision != 5 {
		t.Errorf("re-create = %+v, %v", kv, err)
	}
	if !events[1].IsCreate() || events[1].HasPrev() {
		t.Errorf("re-create event = %+v", events[1])
	}
}

func TestRange(t *testing.T) {
	s := New[string]()
	for _, k := range []string{"/pods/b/x", "/pods/a/y", "/pods/a/x", "/nodes/n1", "/pods/c/z", "/pods/a"} {
		mustPut(t, s, k, "v")
	} // revisions 2..7
	mustPut(t, s, "/pods/a/x", "v2")                       // 8
	if _, _, err := s.Delete("/pods/b/x", 0); err != nil { // 9
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		start, end string
		opt        RangeOptions
		want       string
		count      int
		more       bool
	}{
		{"prefix", "/pods/a/", PrefixEnd("/pods/a/"), RangeOptions{}, "/pods/a/x=v2@8 /pods/a/y=v@3", 2, false},
		{"prefix without slash", "/pods/a", PrefixEnd("/pods/a"), RangeOptions{}, "/pods/a=v@7 /pods/a/x=v2@8 /pods/a/y=v@3", 3, false},
		{"limit", "/pods/", PrefixEnd("/pods/"), RangeOptions{Limit: 2}, "/pods/a=v@7 /pods/a/x=v2@8", 4, true},
		{"interval", "/pods/a/y", "/pods/c", RangeOptions{}, "/pods/a/y=v@3", 1, false},
		{"single key", "/nodes/n1", "", RangeOptions{}, "/nodes/n1=v@5", 1, false},
		{"everything", "", "\x00", RangeOptions{}, "/nodes/n1=v@5 /pods/a=v@7 /pods/a/x=v2@8 /pods/a/y=v@3 /pods/c/z=v@6", 5, false},
		{"at old revision", "/pods/", PrefixEnd("/pods/"), RangeOptions{Revision: 4}, "/pods/a/x=v@4 /pods/a/y=v@3 /pods/b/x=v@2", 3, false},
		{"before a delete", "/pods/b/", PrefixEnd("/pods/b/"), RangeOptions{Revision: 8}, "/pods/b/x=v@2", 1, false},
		{"empty store then", "", "\x00", RangeOptions{Revision: 1}, "", 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := s.Range(tc.start, tc.end, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if got := keys(res.KVs); got != tc.want || res.Count != tc.count || res.More != tc.more {
				t.Errorf("Range = %q count=%d more=%v, want %q count=%d more=%v", got, res.Count, res.More, tc.want, tc.count, tc.more)
			}
			if res.Revision != 9 {
				t.Errorf("header revision %d, want 9", res.Revision)
			}
		})
	}
	if _, err := s.Range("", "\x00", RangeOptions{Revision: 10}); !errors.Is(err, ErrFutureRev) {
		t.Errorf("future revision: %v", err)
	}
}

func TestPrefixEnd(t *testing.T) {
	for in, want := range map[string]string{"/pods/": "/pods0", "a": "b", "a\xff": "b", "\xff\xff": "\x00", "": "\x00"} {
		if got := PrefixEnd(in); got != want {
			t.Errorf("PrefixEnd(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWatchHistoryThenLive(t *testing.T) {
	s := New[string]()
	mustPut(t, s, "/a/1", "x") // 2
	mustPut(t, s, "/b/1", "x") // 3
	mustPut(t, s, "/a/2", "x") // 4
	mustPut(t, s, "/a/1", "y") // 5
	tests := []struct {
		name   string
		prefix string
		from   int64
		want   []int64
	}{
		{"from start", "/a/", 1, []int64{2, 4, 5, 6, 8}},
		{"from middle, inclusive", "/a/", 4, []int64{4, 5, 6, 8}},
		{"from now", "/a/", 0, []int64{6, 8}},
		{"other prefix", "/b/", 2, []int64{3, 7}},
		{"future revision waits", "", 7, []int64{7, 8}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := New[string]()
			for _, k := range []string{"/a/1", "/b/1", "/a/2", "/a/1"} {
				mustPut(t, s, k, "x")
			}
			var pushed []int64
			if _, err := s.Watch(tc.prefix, tc.from, HandlerFunc[string](func(e Event[string]) { pushed = append(pushed, e.Revision()) })); err != nil {
				t.Fatal(err)
			}
			pull, err := s.Watch(tc.prefix, tc.from, nil)
			if err != nil {
				t.Fatal(err)
			}
			mustPut(t, s, "/a/3", "x")                        // 6
			mustPut(t, s, "/b/2", "x")                        // 7
			if _, _, err := s.Delete("/a/2", 0); err != nil { // 8
				t.Fatal(err)
			}
			var pulled []int64
			for ev, ok := pull.Next(); ok; ev, ok = pull.Next() {
				pulled = append(pulled, ev.Revision())
			}
			if !slices.Equal(pushed, tc.want) || !slices.Equal(pulled, tc.want) {
				t.Errorf("pushed %v, pulled %v, want %v", pushed, pulled, tc.want)
			}
		})
	}
}

func TestWatchCancel(t *testing.T) {
	s := New[string]()
	n := 0
	w, _ := s.Watch("", 0, HandlerFunc[string](func(Event[string]) { n++ }))
	mustPut(t, s, "a", "1")
	w.Cancel()
	mustPut(t, s, "a", "2")
	if n != 1 || s.Watchers() != 0 || !w.Done() {
		t.Errorf("after Cancel: %d events, %d watchers", n, s.Watchers())
	}
}

// A handler that writes (a controller reacting to what it sees) must not
// reorder or duplicate anyone's events.
func TestWatchReentrant(t *testing.T) {
	s := New[string]()
	seen := map[string][]int64{}
	rec := func(name string) Handler[string] {
		return HandlerFunc[string](func(e Event[string]) { seen[name] = append(seen[name], e.Revision()) })
	}
	s.Watch("", 0, rec("first"))
	s.Watch("/in/", 0, HandlerFunc[string](func(e Event[string]) {
		// React to each input with an output, and start a watcher mid-stream.
		mustPut(t, s, "/out/"+e.KV.Key[4:], "done")
		if e.KV.Key == "/in/2" {
			s.Watch("", 1, rec("late"))
		}
	}))
	s.Watch("", 0, rec("last"))
	mustPut(t, s, "/in/1", "x") // 2, reaction 3
	mustPut(t, s, "/in/2", "x") // 4, reaction 5
	want := []int64{2, 3, 4, 5}
	for _, name := range []string{"first", "last", "late"} {
		if !slices.Equal(seen[name], want) {
			t.Errorf("%s saw %v, want %v", name, seen[name], want)
		}
	}
}

func TestCompaction(t *testing.T) {
	s := New[string]()
	for i := range 5 {
		mustPut(t, s, "k", fmt.Sprint(i)) // 2..6
	}
	mustPut(t, s, "gone", "x")                        // 7
	if _, _, err := s.Delete("gone", 0); err != nil { // 8
		t.Fatal(err)
	}
	mustPut(t, s, "k", "last") // 9
	lagging, _ := s.Watch("k", 3, nil)
	idle, _ := s.Watch("nothing-here", 3, nil)
	if err := s.Compact(8); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		err  error
		req  int64
	}{
		{"range below", func() error { _, err := s.Range("k", "", RangeOptions{Revision: 7}); return err }(), 7},
		{"watch below", func() error { _, err := s.Watch("", 5, nil); return err }(), 5},
		{"compact again", s.Compact(8), 8},
		{"lagging watcher", lagging.Err(), 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var ce *CompactedError
			if !errors.Is(tc.err, ErrCompacted) || !errors.As(tc.err, &ce) || ce.Requested != tc.req || ce.Compacted != 8 {
				t.Fatalf("err = %v, want compacted: requested %d, compacted 8", tc.err, tc.req)
			}
		})
	}
	if !lagging.Done() {
		t.Error("lagging watcher not cancelled")
	}
	if idle.Done() || idle.Err() != nil {
		t.Error("a watcher with nothing to lose was cancelled")
	}
	// At the compacted revision reads and watches still work.
	res, err := s.Range("k", "", RangeOptions{Revision: 8})
	if err != nil || keys(res.KVs) != "k=4@6" {
		t.Errorf("Range at compacted revision = %q, %v", keys(res.KVs), err)
	}
	w, err := s.Watch("", 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	var revs []int64
	for ev, ok := w.Next(); ok; ev, ok = w.Next() {
		revs = append(revs, ev.Revision())
	}
	if !slices.Equal(revs, []int64{8, 9}) {
		t.Errorf("watch from compacted revision saw %v", revs)
	}
	if _, ok := s.keys.Get("gone"); ok {
		t.Error("a key deleted before the compaction is still remembered")
	}
	if s.Rev() != 9 {
		t.Errorf("compaction moved the revision to %d", s.Rev())
	}
	if err := s.Compact(10); !errors.Is(err, ErrFutureRev) {
		t.Errorf("compact future: %v", err)
	}
}

// TestCompactionKeepsHistoryArray: a key's history array, when small,
// stays the key's after a compaction, holding only the versions kept, so
// the versions given up are not kept alive; a large one is given up.
func TestCompactionKeepsHistoryArray(t *testing.T) {
	for _, tc := range []struct {
		writes   int
		reused   bool
		wantKept []string
	}{
		{writes: 5, reused: true, wantKept: []string{"v4"}},
		{writes: maxReusedHistory + 1, reused: false, wantKept: []string{fmt.Sprintf("v%d", maxReusedHistory)}},
	} {
		t.Run(fmt.Sprint(tc.writes), func(t *testing.T) {
			s := New[string]()
			for i := range tc.writes {
				mustPut(t, s, "k", fmt.Sprintf("v%d", i))
			}
			ks, _ := s.keys.Get("k")
			before := &ks.hist[:1][0]
			if err := s.Compact(s.Rev()); err != nil {
				t.Fatal(err)
			}
			var kept []string
			for _, r := range ks.hist {
				kept = append(kept, r.value)
			}
			if !slices.Equal(kept, tc.wantKept) {
				t.Errorf("kept %v, want %v", kept, tc.wantKept)
			}
			if reused := &ks.hist[:1][0] == before; reused != tc.reused {
				t.Errorf("array reused = %v, want %v", reused, tc.reused)
			}
			for i, r := range ks.hist[len(ks.hist):cap(ks.hist)] {
				if r != (record[string]{}) {
					t.Errorf("slot %d past the kept versions holds %+v", len(ks.hist)+i, r)
				}
			}
			mustPut(t, s, "k", "next")
			if kv, ok, err := s.Get("k"); err != nil || !ok || kv.Value != "next" || kv.Version != int64(tc.writes+1) {
				t.Errorf("after compaction, Get = %+v, %v", kv, err)
			}
		})
	}
}

func TestCompactor(t *testing.T) {
	s := New[string]()
	c := NewCompactor(s)
	steps := []struct {
		writes int
		want   int64
	}{
		{3, 0}, // first tick records revision 4
		{2, 4}, // compacts to 4, records 6
		{0, 6}, // compacts to 6, records 6
		{0, 0}, // nothing new
		{1, 0}, // records 7; 6 is already compacted
		{0, 7},
	}
	for i, st := range steps {
		for range st.writes {
			mustPut(t, s, "k", "v")
		}
		got, err := c.Tick()
		if err != nil || got != st.want {
			t.Errorf("tick %d = %d, %v; want %d", i, got, err, st.want)
		}
	}
	s.SetAvailable(false)
	if _, err := c.Tick(); !errors.Is(err, ErrUnavailable) {
		t.Errorf("tick while unavailable: %v", err)
	}
}

func TestUnavailable(t *testing.T) {
	s := New[string]()
	mustPut(t, s, "k", "v")
	w, _ := s.Watch("", 0, nil)
	s.SetAvailable(false)
	ops := map[string]error{}
	_, ops["create"] = s.Create("n", "v")
	_, ops["put"] = s.Put("k", "v")
	_, ops["update"] = s.Update("k", 2, "v")
	_, _, ops["delete"] = s.Delete("k", 0)
	_, ops["txn"] = s.Txn(Op[string]{Kind: OpPut, Key: "a"}, Op[string]{Kind: OpPut, Key: "b"})
	_, _, ops["get"] = s.Get("k")
	_, ops["range"] = s.RangePrefix("", RangeOptions{})
	_, ops["watch"] = s.Watch("", 0, nil)
	ops["compact"] = s.Compact(2)
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range ops {
			if !yield(k) {
				return
			}
		}
	}) {
		if !errors.Is(ops[name], ErrUnavailable) {
			t.Errorf("%s while unavailable: %v", name, ops[name])
		}
	}
	if s.Rev() != 2 || w.Done() {
		t.Errorf("unavailable store changed: rev %d, watcher done %v", s.Rev(), w.Done())
	}
	s.SetAvailable(true)
	mustPut(t, s, "k", "back")
	if ev, ok := w.Next(); !ok || ev.Revision() != 3 {
		t.Errorf("watcher after restore: %+v %v", ev, ok)
	}
}

func TestIndex(t *testing.T) {
	var x index[string]
	model := map[string]bool{}
	r := uint64(1)
	next := func(n int) int { r = r*6364136223846793005 + 1442695040888963407; return int(r>>33) % n }
	for i := range 20000 {
		k := fmt.Sprintf("k%05d", next(3000))
		if model[k] && next(3) == 0 {
			x.remove(k)
			delete(model, k)
		} else if !model[k] {
			x.insert(&keyState[string]{key: k})
			model[k] = true
		}
		if i%997 == 0 || i == 19999 {
			var got []string
			x.ascend("", func(ks *keyState[string]) bool { got = append(got, ks.key); return true })
			want := slices.Sorted(func(yield func(string) bool) {
				for k := range model {
					if !yield(k) {
						return
					}
				}
			})
			if !slices.Equal(got, want) || x.n != len(want) {
				t.Fatalf("step %d: index has %d keys, model %d", i, len(got), len(want))
			}
		}
	}
}

// TestIndexMerge: keys inserted since the last ordered read are sorted in
// by the next one, whether placed one by one (a few beside many) or
// merged in a rebuild of the blocks, and the index reads in key order.
func TestIndexMerge(t *testing.T) {
	tests := []struct {
		name            string
		before, pending int // keys sorted in first, then pending at the read
	}{
		{"empty", 0, 0},
		{"first keys", 0, 5},
		{"one beside many", 3000, 1},
		{"a few beside many", 3000, 90},
		{"as many again", 3000, 3000},
		{"many into few", 10, 5000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var x index[string]
			var want []string
			r := uint64(7)
			add := func() {
				r = r*6364136223846793005 + 1442695040888963407
				k := fmt.Sprintf("/registry/pods/demo/web-%d", r>>40)
				if slices.Contains(want, k) {
					return
				}
				x.insert(&keyState[string]{key: k})
				want = append(want, k)
			}
			for range tc.before {
				add()
			}
			x.find("")
			for range tc.pending {
				add()
			}
			slices.Sort(want)
			var got []string
			x.ascend("", func(ks *keyState[string]) bool { got = append(got, ks.key); return true })
			if !slices.Equal(got, want) || x.n != len(want) || len(x.pending) != 0 {
				t.Fatalf("index reads %d keys (n %d, %d pending), want %d in order", len(got), x.n, len(x.pending), len(want))
			}
			for i, blk := range x.blocks {
				if len(blk) == 0 || len(blk) > blockSize {
					t.Errorf("block %d holds %d keys", i, len(blk))
				}
			}
			for i, k := range want {
				if b, j := x.find(k); x.blocks[b][j].key != k {
					t.Fatalf("find(%q) lands on %q (key %d)", k, x.blocks[b][j].key, i)
				}
			}
		})
	}
}

// The event log is kept in chunks, the first of which grows from
// firstChunk events; watches and compactions across chunk boundaries must
// see exactly the retained events.
func TestLogChunks(t *testing.T) {
	small := New[string]()
	for i := range firstChunk + 1 {
		mustPut(t, small, fmt.Sprint("k", i%7), "v")
	}
	if c := cap(small.log.chunks[0]); c <= firstChunk || c > chunkSize {
		t.Fatalf("first chunk has room for %d events after %d writes", c, firstChunk+1)
	}
	s := New[string]()
	for i := range 3*chunkSize + 17 {
		mustPut(t, s, fmt.Sprint("k", i%7), "v")
	}
	for _, rev := range []int64{5, chunkSize, chunkSize + 1, 2*chunkSize + 3, 3*chunkSize + 18} {
		if err := s.Compact(rev); err != nil {
			t.Fatal(err)
		}
		w, err := s.Watch("", rev, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := s.Rev() - rev + 1
		var n int64
		for ev, ok := w.Next(); ok; ev, ok = w.Next() {
			if ev.Revision() != rev+n {
				t.Fatalf("after Compact(%d): event %d has revision %d", rev, n, ev.Revision())
			}
			n++
		}
		if n != want || int64(s.History()) != want {
			t.Errorf("after Compact(%d): watched %d events, history %d, want %d", rev, n, s.History(), want)
		}
	}
	if len(s.log.chunks) > 1 {
		t.Errorf("log keeps %d chunks for %d events", len(s.log.chunks), s.History())
	}
}
