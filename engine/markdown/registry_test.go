package markdown

import (
	"io"
	"reflect"
	"testing"
)

func nopKind(name string) Kind {
	return KindFunc(name, func(io.Writer, []byte, *BlockContext) error { return nil })
}

func TestRegistry(t *testing.T) {
	r := NewRegistry()
	for _, name := range []string{"quiz", "scenario", "map"} {
		r.Register(nopKind(name))
	}
	if got, want := r.Names(), []string{"map", "quiz", "scenario"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names() = %q, want %q", got, want)
	}
	if k, ok := r.Lookup("quiz"); !ok || k.Name() != "quiz" {
		t.Errorf("Lookup(quiz) = %v, %v", k, ok)
	}
	if _, ok := r.Lookup("Quiz"); ok {
		t.Error("Lookup is case-sensitive; Quiz must not be found")
	}
	var nilReg *Registry
	if _, ok := nilReg.Lookup("quiz"); ok || nilReg.Names() != nil {
		t.Error("a nil registry has no kinds")
	}
}

func TestRegistryPanics(t *testing.T) {
	tests := []struct {
		name string
		kind string
	}{
		{"duplicate", "quiz"},
		{"empty", ""},
		{"space", "two words"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewRegistry()
			r.Register(nopKind("quiz"))
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%q) did not panic", tt.kind)
				}
			}()
			r.Register(nopKind(tt.kind))
		})
	}
}
