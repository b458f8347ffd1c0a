package book

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/loopbook/loopbook/engine/render"
	"github.com/loopbook/loopbook/engine/scenario/spec"
	"github.com/loopbook/loopbook/engine/site"
	"github.com/loopbook/loopbook/internal/gctune"
)

// BenchmarkCourseScenarios executes and renders each scenario of the
// repository's own course, one sub-benchmark per scenario id, as a build
// does, under the collector pace the loopbook command sets (unless GOGC
// is set, as the command leaves it then): the goal of each is under 5 ms. Run them with
// `go test -run '^$' -bench CourseScenarios ./engine/book`.
func BenchmarkCourseScenarios(b *testing.B) {
	defer gctune.Apply()()
	root := filepath.Join("..", "..")
	src, err := site.Load(root, site.LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	fixtures, _, err := loadFixtures(root)
	if err != nil {
		b.Fatal(err)
	}
	bk := New(Options{Source: root})
	entries, _ := bk.parse(site.FindBlocks(src, bk.Registry()), fixtures)
	eng := ModelEngine()
	n := 0
	for _, e := range entries {
		s, ok := e.parsed.(*spec.Scenario)
		if !ok {
			continue
		}
		n++
		fx := e.fixture
		b.Run(s.ID.Value, func(b *testing.B) {
			var buf bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				res, err := eng.Scenario(s, fx)
				if err != nil || res.Failed() {
					b.Fatalf("%s: run failed: %v", s.ID.Value, err)
				}
				buf.Reset()
				if err := render.Scenario(&buf, res, render.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	if n < 50 {
		b.Fatalf("only %d scenarios found in the course", n)
	}
}
