package trace

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// TestStringTableNumbersByContent: equal strings, wherever their bytes
// are, take one number; each number reads back its string, across the
// table's blocks.
func TestStringTableNumbersByContent(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want []uint32
	}{
		{"empty first", []string{"", "a", ""}, []uint32{0, 1, 0}},
		{"repeats", []string{"web-1", "web-2", "web-1", "web-2"}, []uint32{1, 2, 1, 2}},
		{"copies at other bytes", []string{"pods", strings.Clone("pods"), string([]byte("pods"))}, []uint32{1, 1, 1}},
		{"prefixes differ", []string{"ab", "a", "abc"}, []uint32{1, 2, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tab stringTable
			var got []uint32
			for _, s := range tt.in {
				got = append(got, tab.id(s))
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("ids %v, want %v", got, tt.want)
			}
			for i, s := range tt.in {
				if tab.at(got[i]) != s {
					t.Errorf("at(%d) = %q, want %q", got[i], tab.at(got[i]), s)
				}
			}
		})
	}
	var tab stringTable
	for i := range 3*tableBlock + 5 {
		s := strings.Repeat("x", i%7) + string(rune('a'+i%26)) + strings.Repeat("y", i/26)
		if id := tab.id(s); tab.at(id) != s {
			t.Fatalf("string %d: at(id(%q)) = %q", i, s, tab.at(id))
		}
	}
}

// TestPackDedupsStringsAcrossChunks: a string packed in two chunks, at
// other bytes in each, is kept once: both chunks read back the first
// one's bytes, and a chunk lists equal strings at two places once.
func TestPackDedupsStringsAcrossChunks(t *testing.T) {
	p := &packer{}
	mk := func(name string) []Event {
		chunk := make([]Event, chunkSize)
		for i := range chunk {
			chunk[i] = Event{Seq: i, From: APIServer, Verb: Get, Resource: "pods", Namespace: "demo", Name: name,
				Detail: strings.Clone(name)}
		}
		return chunk
	}
	first := p.pack(mk(strings.Clone("web-1")))
	second := p.pack(mk(strings.Clone("web-1")))
	if len(first.strings) != 5 || len(second.strings) != 5 {
		t.Fatalf("chunks list %d and %d strings, want 5 each", len(first.strings), len(second.strings))
	}
	a, b := make([]Event, chunkSize), make([]Event, chunkSize)
	first.unpack(0, a)
	second.unpack(0, b)
	for i := range a {
		if a[i].Name != "web-1" || b[i].Detail != "web-1" {
			t.Fatalf("event %d reads back %q, %q", i, a[i].Name, b[i].Detail)
		}
		if unsafe.StringData(a[i].Name) != unsafe.StringData(b[i].Name) || unsafe.StringData(b[i].Name) != unsafe.StringData(b[i].Detail) {
			t.Fatalf("event %d: equal strings read back at other bytes", i)
		}
	}
	if p.table.len() != 5 {
		t.Errorf("table holds %d strings, want 5", p.table.len())
	}
}
