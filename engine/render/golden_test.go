package render

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// renderCase is one renderer call with its expected output in
// testdata/<name>.golden.
type renderCase struct {
	name   string
	render func(*bytes.Buffer) error
}

func goldenCases() []renderCase {
	return []renderCase{
		{"map", func(b *bytes.Buffer) error { return Map(b, fixtureMap(), Options{ID: "cluster"}) }},
		{"map-empty", func(b *bytes.Buffer) error { return Map(b, nil, Options{}) }},
		{"mapblock", func(b *bytes.Buffer) error { return MapBlock(b, fixtureMapBlock(), Options{}) }},
		{"scenario", func(b *bytes.Buffer) error { return Scenario(b, fixtureScenario(), Options{Number: 1}) }},
		{"scenario-failed", func(b *bytes.Buffer) error { return Scenario(b, fixtureFailedScenario(), Options{HeadingLevel: 2}) }},
		{"failures", func(b *bytes.Buffer) error { return Failures(b, fixtureFailures(), Options{}) }},
		{"whatif", func(b *bytes.Buffer) error { return Whatif(b, fixtureWhatif(), Options{}) }},
		{"gates", func(b *bytes.Buffer) error { return Gates(b, fixtureGates(), Options{}) }},
		{"quiz", func(b *bytes.Buffer) error { return Quiz(b, fixtureQuiz(), Options{Map: fixtureMap()}) }},
		{"quiz-nomap", func(b *bytes.Buffer) error { return Quiz(b, fixtureQuiz(), Options{ID: "q2", HeadingLevel: 4}) }},
		{"scenario-empty", func(b *bytes.Buffer) error {
			return Scenario(b, &result.Scenario{ID: "empty", Title: "Nothing yet"}, Options{})
		}},
	}
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases() {
		t.Run(tc.name, func(t *testing.T) {
			var got bytes.Buffer
			if err := tc.render(&got); err != nil {
				t.Fatal(err)
			}
			var again bytes.Buffer
			if err := tc.render(&again); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), again.Bytes()) {
				t.Fatal("two renderings of the same value differ")
			}
			path := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("output differs from %s (run go test -update after checking the change):\n%s", path, firstDiff(got.Bytes(), want))
			}
		})
	}
}

// firstDiff shows the neighbourhood of the first byte where got and want
// differ.
func firstDiff(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(0, i-80)
	return "got:  …" + string(got[lo:min(len(got), i+80)]) + "…\nwant: …" + string(want[lo:min(len(want), i+80)]) + "…"
}
