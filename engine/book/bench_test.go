package book

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/render"
	"github.com/loopbook/loopbook/engine/scenario/spec"
	"github.com/loopbook/loopbook/internal/gctune/gctunetest"
)

// benchBlock parses the block of kind in file (under the scenario
// package's testdata) and the two-workers fixture of the repository.
func benchBlock(b *testing.B, kind, file string) (spec.Block, *spec.Fixture) {
	b.Helper()
	src, err := os.ReadFile(filepath.Join("..", "scenario", "testdata", file))
	if err != nil {
		b.Fatal(err)
	}
	blk, err := spec.Parse(kind, src, diag.Pos{File: file, Line: 1, Col: 1})
	if err != nil {
		b.Fatal(err)
	}
	return blk, twoWorkers(b)
}

// twoWorkers parses the repository's two-workers fixture.
func twoWorkers(tb testing.TB) *spec.Fixture {
	tb.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "lessons", "_fixtures", "two-workers.yaml"))
	if err != nil {
		tb.Fatal(err)
	}
	fx, err := spec.ParseFixture("two-workers.yaml", src)
	if err != nil {
		tb.Fatal(err)
	}
	return fx
}

// BenchmarkLessonScenario executes and renders one scenario of 14 steps
// on a fresh cluster, as a build does for a lesson (the goal:
// under 5 ms).
func BenchmarkLessonScenario(b *testing.B) { gctunetest.Paces(b, benchLessonScenario) }

func benchLessonScenario(b *testing.B) {
	blk, fx := benchBlock(b, "scenario", "create-deployment.yaml")
	eng := ModelEngine()
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		res, err := eng.Scenario(blk.(*spec.Scenario), fx)
		if err != nil || res.Failed() {
			b.Fatalf("run failed: %v", err)
		}
		buf.Reset()
		if err := render.Scenario(&buf, res, render.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// whatifBench is the format's pod-boundaries what-if: 16 combinations.
const whatifBench = `id: pod-boundaries
cluster: two-workers
base: |
  apiVersion: v1
  kind: Pod
  metadata: {name: web-a, namespace: demo}
  spec: {containers: [{name: web, image: "web:v1"}]}
inputs:
  cpu request: {fits: 500m, too large: "16"}
  node taint: {none: null, dedicated: dedicated=gpu:NoSchedule}
  node selector: {none: null, ssd only: disktype=ssd}
  readiness probe: {passes: pass, fails: fail}
show: [phase, conditions, scheduler message, "kubectl get pod -o wide"]
`

// BenchmarkLessonWhatif executes and renders a what-if of 16
// combinations (the goal: under 50 ms).
func BenchmarkLessonWhatif(b *testing.B) { gctunetest.Paces(b, benchLessonWhatif) }

func benchLessonWhatif(b *testing.B) {
	blk, err := spec.Parse("whatif", []byte(whatifBench), diag.Pos{File: "bench.md", Line: 1, Col: 1})
	if err != nil {
		b.Fatal(err)
	}
	_, fx := benchBlock(b, "scenario", "create-deployment.yaml")
	eng := ModelEngine()
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		res, err := eng.Whatif(blk.(*spec.Whatif), fx)
		if err != nil || len(res.Outcomes) != 16 {
			b.Fatal(err)
		}
		buf.Reset()
		if err := render.Whatif(&buf, res, render.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
