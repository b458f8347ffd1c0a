package spec

import (
	"testing"
	"unicode"

	"gopkg.in/yaml.v3"
)

// TestScalarSpots checks that every letter and digit of a scalar's value
// maps back to the same character in the source, for each scalar style.
func TestScalarSpots(t *testing.T) {
	tests := []struct{ name, src string }{
		{"plain", "k: never scheduler -> kubelet\n"},
		{"plain in a list", "k:\n  - count pods demo app=web == 3\n"},
		{"plain folded over lines", "k: pod demo/web .status.phase\n  ==   Running\n\n  after x\n"},
		{"single quoted", "k: 'it''s a ''claim'' here'\n"},
		{"double quoted with escapes", "k: \"a \\\"quoted\\\" \\u00e9t\\xe9 word\\n x\"\n"},
		{"double quoted over lines", "k: \"first line\n   second \\\n   third\"\n"},
		{"multi-byte", "k: «résumé» naïve -> café\n"},
		{"flow mapping", "k: {a: 'x y', b: \"z w\", c: plain words}\n"},
		{"literal", "k: |\n  line one\n\n    indented two\n  three\n"},
		{"literal strip", "k: |-\n  a\n  b\n"},
		{"folded", "k: >\n  folded one\n  continues\n\n  new para\n    more\n  back\n"},
		{"folded keep", "k: >+\n  a\n  b\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var doc yaml.Node
			if err := yaml.Unmarshal([]byte(tt.src), &doc); err != nil {
				t.Fatal(err)
			}
			lines := splitLines([]byte(tt.src))
			checked := 0
			var walk func(n *yaml.Node)
			walk = func(n *yaml.Node) {
				if n.Kind == yaml.ScalarNode && n.Value != "k" && len(n.Value) > 1 {
					spots, ok := scalarSpots(lines, n)
					if !ok {
						t.Fatalf("value %q not followed in the source", n.Value)
					}
					for i, r := range []rune(n.Value) {
						if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
							continue
						}
						s := spots[i]
						if got := lines[s.line-1][s.col-1]; got != r && !(tt.name == "double quoted with escapes" && (r == 'é')) {
							t.Errorf("rune %d %q of %q maps to %d:%d %q", i, r, n.Value, s.line, s.col, got)
						}
						checked++
					}
				}
				for _, c := range n.Content {
					walk(c)
				}
			}
			walk(&doc)
			if checked == 0 {
				t.Fatal("nothing checked")
			}
		})
	}
}

func TestScalarSpotsFallBack(t *testing.T) {
	// A scalar whose source does not rebuild its value (here: a node
	// pointing at the wrong line) is reported as not followed.
	lines := splitLines([]byte("k: abc\n"))
	n := &yaml.Node{Kind: yaml.ScalarNode, Value: "xyz", Line: 1, Column: 4}
	if _, ok := scalarSpots(lines, n); ok {
		t.Fatal("want no spots")
	}
}
