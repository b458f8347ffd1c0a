package keymap

import (
	"fmt"
	"hash/maphash"
	"maps"
	"testing"
)

// TestMapMatchesGoMap: a long run of puts, gets and deletes, the keys
// sharing a long prefix as store keys do, reads as a map[string]int does.
func TestMapMatchesGoMap(t *testing.T) {
	var m Map[int]
	model := map[string]int{}
	r := uint64(1)
	next := func(n int) int { r = r*6364136223846793005 + 1442695040888963407; return int(r>>33) % n }
	for i := range 50000 {
		k := fmt.Sprintf("/registry/configmaps/demo/obj-%d", next(5000))
		switch next(4) {
		case 0:
			_, want := model[k]
			if got := m.Delete(k); got != want {
				t.Fatalf("step %d: Delete(%q) = %v, want %v", i, k, got, want)
			}
			delete(model, k)
		case 1:
			got, ok := m.GetBytes([]byte(k))
			if want, wok := model[k]; got != want || ok != wok {
				t.Fatalf("step %d: GetBytes(%q) = %d %v, want %d %v", i, k, got, ok, want, wok)
			}
		default:
			m.Put(k, i)
			model[k] = i
		}
		got, ok := m.Get(k)
		if want, in := model[k]; got != want || ok != in {
			t.Fatalf("step %d: Get(%q) = %d %v, want %d %v", i, k, got, ok, want, in)
		}
		if m.Len() != len(model) {
			t.Fatalf("step %d: Len %d, want %d", i, m.Len(), len(model))
		}
	}
	if got := maps.Collect(m.All()); !maps.Equal(got, model) {
		t.Errorf("All yields %d keys, want %d", len(got), len(model))
	}
	m.Clear()
	if _, ok := m.Get("/registry/configmaps/demo/obj-1"); ok || m.Len() != 0 {
		t.Errorf("after Clear: Len %d", m.Len())
	}
}

// TestMapCollisions: a key whose hash another key holds goes to the
// overflow, and every operation finds it there, before and after the key
// holding its hash goes. Such keys cannot be found in practice, so the
// other key is planted under the hash.
func TestMapCollisions(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T, m *Map[int], plant func())
	}{
		{"put and get", func(t *testing.T, m *Map[int], plant func()) {
			plant()
			m.Put("b", 2)
			if v, ok := m.Get("b"); !ok || v != 2 || m.Len() != 3 {
				t.Errorf("Get(b) = %d %v, Len %d", v, ok, m.Len())
			}
			if v, ok := m.GetBytes([]byte("b")); !ok || v != 2 {
				t.Errorf("GetBytes(b) = %d %v", v, ok)
			}
		}},
		{"update in overflow", func(t *testing.T, m *Map[int], plant func()) {
			plant()
			m.Put("b", 2)
			m.Put("b", 3)
			if v, _ := m.Get("b"); v != 3 || m.Len() != 3 {
				t.Errorf("Get(b) = %d, Len %d", v, m.Len())
			}
		}},
		{"the planted key goes", func(t *testing.T, m *Map[int], plant func()) {
			plant()
			m.Put("b", 2)
			delete(m.heads, maphash.String(m.seed, "b"))
			m.Put("b", 4) // still the overflow's: no second copy in heads
			if v, ok := m.Get("b"); !ok || v != 4 || m.Len() != 2 {
				t.Errorf("Get(b) = %d %v, Len %d", v, ok, m.Len())
			}
		}},
		{"delete from overflow", func(t *testing.T, m *Map[int], plant func()) {
			plant()
			m.Put("b", 2)
			if !m.Delete("b") || m.Delete("b") {
				t.Error("Delete(b) twice: want true, then false")
			}
			if _, ok := m.Get("b"); ok || m.Len() != 2 {
				t.Errorf("b still there, Len %d", m.Len())
			}
		}},
		{"all", func(t *testing.T, m *Map[int], plant func()) {
			plant()
			m.Put("b", 2)
			got := maps.Collect(m.All())
			if want := map[string]int{"a": 1, "planted": 9, "b": 2}; !maps.Equal(got, want) {
				t.Errorf("All = %v, want %v", got, want)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var m Map[int]
			m.Put("a", 1)
			plant := func() { m.heads[maphash.String(m.seed, "b")] = entry[int]{key: "planted", val: 9} }
			tc.run(t, &m, plant)
		})
	}
}

// TestZeroMap: the zero Map reads as empty.
func TestZeroMap(t *testing.T) {
	var m Map[int]
	if _, ok := m.Get("k"); ok {
		t.Error("Get found a key")
	}
	if _, ok := m.GetBytes([]byte("k")); ok {
		t.Error("GetBytes found a key")
	}
	if m.Delete("k") || m.Len() != 0 {
		t.Error("Delete found a key")
	}
	m.Clear()
}

// TestGetBytesAllocatesNothing: the key in its buffer is not copied.
func TestGetBytesAllocatesNothing(t *testing.T) {
	var m Map[int]
	m.Put("/registry/configmaps/demo/a", 1)
	key := []byte("/registry/configmaps/demo/a")
	if n := testing.AllocsPerRun(100, func() { m.GetBytes(key) }); n != 0 {
		t.Errorf("GetBytes allocates %v times", n)
	}
}
