package store

import (
	"fmt"
	"testing"
)

type obj struct{ name string }

func podKey(i int) string { return fmt.Sprintf("/registry/pods/ns-%03d/pod-%05d", i%100, i) }

func populate(b *testing.B, n int) (*Store[*obj], []string) {
	b.Helper()
	s := New[*obj]()
	keys := make([]string, n)
	for i := range n {
		keys[i] = podKey(i)
		if _, err := s.Create(keys[i], &obj{keys[i]}); err != nil {
			b.Fatal(err)
		}
	}
	return s, keys
}

// BenchmarkStorePut measures one write: a create of a new key, and a
// compare-and-swap update of an existing one among 30,000.
func BenchmarkStorePut(b *testing.B) {
	b.Run("Create", func(b *testing.B) {
		s := New[*obj]()
		v := &obj{"x"}
		keys := make([]string, 0, 100000)
		for i := range cap(keys) {
			keys = append(keys, podKey(i))
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if i == len(keys) { // start over in a fresh store
				b.StopTimer()
				s, i = New[*obj](), 0
				b.StartTimer()
			}
			if _, err := s.Create(keys[i], v); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
	b.Run("Update", func(b *testing.B) {
		s, keys := populate(b, 30000)
		v := &obj{"x"}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			k := keys[i%len(keys)]
			kv, _, _ := s.Get(k)
			if _, err := s.Update(k, kv.ModRevision, v); err != nil {
				b.Fatal(err)
			}
			i++
			if i%100000 == 0 { // keep history bounded, as the API server does
				b.StopTimer()
				s.Compact(s.Rev())
				b.StartTimer()
			}
		}
	})
}

// BenchmarkStoreRange measures prefix ranges among 30,000 keys: all of
// them (a LIST of every Pod), one namespace's 300, and a page of 500.
func BenchmarkStoreRange(b *testing.B) {
	s, _ := populate(b, 30000)
	cases := []struct {
		name   string
		prefix string
		opt    RangeOptions
		want   int
	}{
		{"All30000", "/registry/pods/", RangeOptions{}, 30000},
		{"Namespace300", "/registry/pods/ns-042/", RangeOptions{}, 300},
		{"Page500", "/registry/pods/", RangeOptions{Limit: 500}, 500},
		{"All30000AtOldRevision", "/registry/pods/", RangeOptions{Revision: 20000}, 19999},
	}
	b.Run("Scan30000", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			n := 0
			s.Scan("/registry/pods/", PrefixEnd("/registry/pods/"), 0, func(KeyValue[*obj]) bool { n++; return true })
			if n != 30000 {
				b.Fatalf("scanned %d keys", n)
			}
		}
	})
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				res, err := s.RangePrefix(c.prefix, c.opt)
				if err != nil || len(res.KVs) != c.want {
					b.Fatalf("got %d keys, %v", len(res.KVs), err)
				}
			}
		})
	}
}

// BenchmarkStoreWatchFanout measures one write delivered to n watchers of
// its prefix. ns/watcher is the cost per write per watcher; it stays flat
// as n grows when fan-out is linear.
func BenchmarkStoreWatchFanout(b *testing.B) {
	for _, n := range []int{1, 10, 100, 1000} {
		b.Run(fmt.Sprint("watchers=", n), func(b *testing.B) {
			s, keys := populate(b, 1000)
			delivered := 0
			h := HandlerFunc[*obj](func(Event[*obj]) { delivered++ })
			for range n {
				s.Watch("/registry/pods/", 0, h)
			}
			v := &obj{"x"}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := s.Put(keys[i%len(keys)], v); err != nil {
					b.Fatal(err)
				}
				i++
				if i%100000 == 0 {
					b.StopTimer()
					s.Compact(s.Rev())
					b.StartTimer()
				}
			}
			if delivered != i*n {
				b.Fatalf("delivered %d events, want %d", delivered, i*n)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(i*n), "ns/watcher")
		})
	}
}
