package sim

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

func draw(seed int64) []string {
	r := NewRand(seed)
	var out []string
	for range 20 {
		out = append(out, r.GenerateSuffix())
	}
	out = append(out, r.UUID(), r.String(8, "ab"), r.Jitter(time.Second, 0.5).String())
	return out
}

func TestRandSeeded(t *testing.T) {
	tests := []struct {
		name string
		a, b int64
		same bool
	}{
		{"same seed", 42, 42, true},
		{"zero seed is a seed", 0, 0, true},
		{"different seed", 42, 43, false},
		{"negative seed", -1, 1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b := draw(tc.a), draw(tc.b)
			if got := slices.Equal(a, b); got != tc.same {
				t.Errorf("equal = %v, want %v\n%v\n%v", got, tc.same, a, b)
			}
		})
	}
}

func TestGenerateSuffixAlphabet(t *testing.T) {
	r := NewRand(7)
	seen := map[rune]bool{}
	for range 2000 {
		s := r.GenerateSuffix()
		if len(s) != SuffixLength {
			t.Fatalf("suffix %q has length %d", s, len(s))
		}
		for _, c := range s {
			if !strings.ContainsRune(NameAlphabet, c) {
				t.Fatalf("suffix %q has %q, outside %q", s, c, NameAlphabet)
			}
			seen[c] = true
		}
	}
	if len(seen) != len(NameAlphabet) {
		t.Errorf("2000 suffixes used %d of %d characters", len(seen), len(NameAlphabet))
	}
}

func TestStringNonASCII(t *testing.T) {
	s := NewRand(1).String(10, "αβ")
	for _, c := range s {
		if c != 'α' && c != 'β' {
			t.Fatalf("String = %q", s)
		}
	}
	if n := len([]rune(s)); n != 10 {
		t.Errorf("String has %d runes", n)
	}
}

var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

func TestUUID(t *testing.T) {
	r := NewRand(3)
	seen := map[string]bool{}
	for range 1000 {
		u := r.UUID()
		if !uuidV4.MatchString(u) {
			t.Fatalf("UUID %q is not in version 4 form", u)
		}
		if seen[u] {
			t.Fatalf("UUID %q repeated", u)
		}
		seen[u] = true
	}
}

func TestJitter(t *testing.T) {
	r := NewRand(5)
	for range 1000 {
		if d := r.Jitter(10*time.Second, 0.2); d < 10*time.Second || d >= 12*time.Second {
			t.Fatalf("Jitter = %v, outside [10s, 12s)", d)
		}
		if d := r.Jitter(time.Second, 0); d < time.Second || d >= 2*time.Second {
			t.Fatalf("Jitter with factor 0 = %v, outside [1s, 2s)", d)
		}
	}
}
