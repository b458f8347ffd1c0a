// Command medians reads `go test -bench` output with several runs of each
// benchmark (-count) and prints, for every benchmark and metric, the
// median, the lowest and the highest value and how many runs there were.
// A shared or throttled machine's wall times vary by a third from run to
// run, so one run says little; the median of several, beside their range,
// is the figure to quote.
//
//	go test -run '^$' -bench 'BenchmarkUpdate' -count 9 -cpu 1 ./engine/cluster/apiserver | go run ./cmd/medians
//
// With -over, it ends with the benchmarks whose median time (ns/op) is
// over a goal, slowest first, and how many of all they are:
//
//	go test -run '^$' -bench CourseScenarios -count 5 -cpu 1 ./engine/book | go run ./cmd/medians -over 5ms
package main

import (
	"bufio"
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/loopbook/loopbook/internal/stats"
)

func main() {
	over := flag.Duration("over", 0, "list the benchmarks whose median ns/op is over this goal (0: none)")
	flag.Parse()
	table, err := read(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "medians:", err)
		os.Exit(1)
	}
	if len(table.names) == 0 {
		fmt.Fprintln(os.Stderr, "medians: no benchmark results on standard input")
		os.Exit(1)
	}
	table.print(os.Stdout)
	if *over > 0 {
		table.printOver(os.Stdout, *over)
	}
}

// results are the values of each benchmark's metrics, in the order the
// benchmarks and their metrics first appear.
type results struct {
	names  []string
	units  map[string][]string
	values map[string]map[string][]float64
}

// read collects the benchmark result lines of r: a name, an iteration
// count, then value and unit pairs. Other lines are passed over.
func read(r io.Reader) (*results, error) {
	t := &results{units: map[string][]string{}, values: map[string]map[string][]float64{}}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		name, metrics, ok := parseLine(sc.Text())
		if !ok {
			continue
		}
		if t.values[name] == nil {
			t.names = append(t.names, name)
			t.values[name] = map[string][]float64{}
		}
		for _, m := range metrics {
			if t.values[name][m.unit] == nil {
				t.units[name] = append(t.units[name], m.unit)
			}
			t.values[name][m.unit] = append(t.values[name][m.unit], m.value)
		}
	}
	return t, sc.Err()
}

// metric is one value of a result line and its unit.
type metric struct {
	value float64
	unit  string
}

// parseLine splits a result line ("BenchmarkX/y-2  100  5120 ns/op  195312
// writes/s") into the benchmark's name and its metrics. The name keeps
// the "-N" go test adds when GOMAXPROCS is not 1: a name may end in a
// number of its own ("watchers-1000"), and the runs of one benchmark all
// carry the same suffix.
func parseLine(line string) (name string, metrics []metric, ok bool) {
	f := strings.Fields(line)
	if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") || len(f)%2 != 0 {
		return "", nil, false
	}
	if _, err := strconv.ParseInt(f[1], 10, 64); err != nil {
		return "", nil, false
	}
	for i := 2; i < len(f); i += 2 {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			return "", nil, false
		}
		metrics = append(metrics, metric{v, f[i+1]})
	}
	return f[0], metrics, true
}

// print writes a line per benchmark and metric: median, range and runs.
func (t *results) print(w io.Writer) {
	for _, name := range t.names {
		for _, unit := range t.units[name] {
			vs := t.values[name][unit]
			fmt.Fprintf(w, "%s\t%s\tmedian %s\t(%s … %s, %d runs)\n", name, unit,
				format(stats.Median(vs)), format(slices.Min(vs)), format(slices.Max(vs)), len(vs))
		}
	}
}

// format prints v without an exponent, with decimals only below 100.
func format(v float64) string {
	if v >= 100 || v <= -100 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// printOver writes the benchmarks whose median ns/op is over goal, slowest
// first, then how many they are of the benchmarks timed.
func (t *results) printOver(w io.Writer, goal time.Duration) {
	type slow struct {
		name   string
		median float64
	}
	var over []slow
	timed := 0
	for _, name := range t.names {
		vs := t.values[name]["ns/op"]
		if len(vs) == 0 {
			continue
		}
		timed++
		if m := stats.Median(vs); m > float64(goal.Nanoseconds()) {
			over = append(over, slow{name, m})
		}
	}
	slices.SortStableFunc(over, func(a, b slow) int { return cmp.Compare(b.median, a.median) })
	for _, s := range over {
		fmt.Fprintf(w, "over %s\t%s\tmedian %s\n", goal, s.name, time.Duration(s.median).Round(10*time.Microsecond))
	}
	fmt.Fprintf(w, "%d of %d benchmarks over %s at median\n", len(over), timed, goal)
}
