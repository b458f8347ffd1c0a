package main

import (
	"strings"
	"testing"
	"time"
)

func TestParseLine(t *testing.T) {
	for _, c := range []struct {
		line    string
		name    string
		metrics []metric
		ok      bool
	}{
		{"BenchmarkUpdate/standard/gogc=loopbook-2 \t 200000\t 4936 ns/op\t 202584 writes/s", "BenchmarkUpdate/standard/gogc=loopbook-2",
			[]metric{{4936, "ns/op"}, {202584, "writes/s"}}, true},
		{"BenchmarkUpdate/minimal 200000 3750 ns/op 1059 B/op 5 allocs/op", "BenchmarkUpdate/minimal",
			[]metric{{3750, "ns/op"}, {1059, "B/op"}, {5, "allocs/op"}}, true},
		{"BenchmarkFanout/watchers-1000 24032 48856 ns/op", "BenchmarkFanout/watchers-1000", []metric{{48856, "ns/op"}}, true},
		{"BenchmarkFanout/watchers-1000-2 24032 48856 ns/op", "BenchmarkFanout/watchers-1000-2", []metric{{48856, "ns/op"}}, true},
		{"goos: linux", "", nil, false},
		{"BenchmarkX 10 5 ns/op extra", "", nil, false},
		{"BenchmarkX many 5 ns/op", "", nil, false},
		{"BenchmarkX 10 fast ns/op", "", nil, false},
		{"--- FAIL: BenchmarkX", "", nil, false},
	} {
		name, metrics, ok := parseLine(c.line)
		if name != c.name || ok != c.ok || len(metrics) != len(c.metrics) {
			t.Errorf("parseLine(%q) = %q, %v, %v; want %q, %v, %v", c.line, name, metrics, ok, c.name, c.metrics, c.ok)
			continue
		}
		for i := range metrics {
			if metrics[i] != c.metrics[i] {
				t.Errorf("parseLine(%q) metric %d = %v, want %v", c.line, i, metrics[i], c.metrics[i])
			}
		}
	}
}

func TestReadAndPrint(t *testing.T) {
	in := `goos: linux
BenchmarkA-2   100   300 ns/op   10 writes/s
BenchmarkB-2   100   50.5 ns/op
BenchmarkA-2   100   100 ns/op   30 writes/s
BenchmarkA-2   100   200 ns/op   20 writes/s
PASS
`
	table, err := read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	table.print(&out)
	want := "BenchmarkA-2\tns/op\tmedian 200\t(100 … 300, 3 runs)\n" +
		"BenchmarkA-2\twrites/s\tmedian 20.00\t(10.00 … 30.00, 3 runs)\n" +
		"BenchmarkB-2\tns/op\tmedian 50.50\t(50.50 … 50.50, 1 runs)\n"
	if out.String() != want {
		t.Errorf("print:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestPrintOver(t *testing.T) {
	in := `BenchmarkA 10 4000000 ns/op
BenchmarkB 10 9000000 ns/op
BenchmarkC 10 6000000 ns/op
BenchmarkB 10 7000000 ns/op
BenchmarkB 10 1000000 ns/op
BenchmarkD 10 5 writes/s
`
	table, err := read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	table.printOver(&out, 5*time.Millisecond)
	want := "over 5ms\tBenchmarkB\tmedian 7ms\n" +
		"over 5ms\tBenchmarkC\tmedian 6ms\n" +
		"2 of 3 benchmarks over 5ms at median\n"
	if out.String() != want {
		t.Errorf("printOver:\n%s\nwant:\n%s", out.String(), want)
	}
}
