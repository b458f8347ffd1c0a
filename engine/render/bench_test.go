package render

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"
)

// BenchmarkScenario renders the fifteen-step scenario fixture, map and
// step list included: as a site's later scenarios of one map are, with
// the routes of its geometry found (shared), and as the first is, finding
// them (cold).
func BenchmarkScenario(b *testing.B) {
	s := fixtureScenario()
	if len(s.Steps) != 15 {
		b.Fatalf("the fixture has %d steps, want 15", len(s.Steps))
	}
	for _, cold := range []bool{false, true} {
		name := "shared"
		if cold {
			name = "cold"
		}
		b.Run(name, func(b *testing.B) {
			var buf bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				if cold {
					resetSharedRoutes()
				}
				buf.Reset()
				if err := Scenario(&buf, s, Options{Number: 1}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes/op-out")
		})
	}
}

func BenchmarkFailures(b *testing.B) {
	f := fixtureFailures()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Failures(&buf, f, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkQuiz(b *testing.B) {
	q := fixtureQuiz()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Quiz(&buf, q, Options{Map: fixtureMap()}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPageWeight keeps a lesson page in its budget (150 KB gzipped): a
// fifteen-step scenario, the largest block, must stay a small part of it.
func TestPageWeight(t *testing.T) {
	var page bytes.Buffer
	if err := Scenario(&page, fixtureScenario(), Options{}); err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	if _, err := io.Copy(zw, bytes.NewReader(page.Bytes())); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("fifteen-step scenario: %d bytes, %d gzipped", page.Len(), z.Len())
	if z.Len() > 20<<10 {
		t.Errorf("a fifteen-step scenario weighs %d bytes gzipped, more than 20 KB", z.Len())
	}
}
