// Command instructions counts the machine instructions one operation of a
// Go benchmark executes, under valgrind's callgrind. Wall time on a shared
// or throttled machine varies by a third from run to run; instruction
// counts vary by a few percent, so they tell whether a change made the
// engine do less work when timings cannot.
//
// It builds the package's test binary, runs the benchmark for n and 3n
// iterations (the lower of two runs each, retried when valgrind fails)
// and prints the difference divided by 2n, which leaves out the
// benchmark's set-up. The garbage collector's work is counted too; set
// GOGC=off to count the engine's own.
//
//	go run ./cmd/instructions -pkg ./engine/book -bench 'BenchmarkLessonScenario/gogc=loopbook' -n 10
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

func main() {
	pkg := flag.String("pkg", "", "package directory holding the benchmark")
	bench := flag.String("bench", "", "benchmark to run, as go test -bench takes it")
	n := flag.Int("n", 10, "iterations of the shorter run (the longer runs 3n)")
	flag.Parse()
	if *pkg == "" || *bench == "" || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: instructions -pkg DIR -bench REGEXP [-n N]")
		os.Exit(2)
	}
	perOp, err := count(*pkg, *bench, *n)
	if err != nil {
		fmt.Fprintln(os.Stderr, "instructions:", err)
		os.Exit(1)
	}
	fmt.Printf("%s %s: %d instructions/op\n", *pkg, *bench, perOp)
}

// count builds pkg's test binary and returns the instructions per
// iteration of bench.
func count(pkg, bench string, n int) (int64, error) {
	if _, err := exec.LookPath("valgrind"); err != nil {
		return 0, errors.New("valgrind is not installed (sudo apt-get install -y valgrind)")
	}
	dir, err := os.MkdirTemp("", "instructions")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "bench.test")
	build := exec.Command("go", "test", "-c", "-o", bin, ".")
	build.Dir, build.Stdout, build.Stderr = pkg, os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return 0, fmt.Errorf("building the test binary of %s: %w", pkg, err)
	}
	short, err := lowest(pkg, bin, bench, n)
	if err != nil {
		return 0, err
	}
	long, err := lowest(pkg, bin, bench, 3*n)
	if err != nil {
		return 0, err
	}
	return (long - short) / int64(2*n), nil
}

// lowest is the lower instruction count of two runs of n iterations.
func lowest(pkg, bin, bench string, n int) (int64, error) {
	a, err := run(pkg, bin, bench, n)
	if err != nil {
		return 0, err
	}
	b, err := run(pkg, bin, bench, n)
	if err != nil {
		return 0, err
	}
	return min(a, b), nil
}

// collected is callgrind's summary line.
var collected = regexp.MustCompile(`(?m)^==\d+== Collected : (\d+)$`)

// instructionsOf reads the instruction count off callgrind's output; ok is
// false when it has none (valgrind failed before the end).
func instructionsOf(out string) (count int64, ok bool) {
	m := collected.FindStringSubmatch(out)
	if m == nil {
		return 0, false
	}
	count, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		return 0, false
	}
	return count, true
}

// run counts the instructions of one run of n iterations on one core. Go's
// asynchronous preemption signals now and then trip callgrind's signal
// handling, so a failed run is tried again, up to four times. The runtime
// is told not to use RDTSCP, an instruction valgrind does not decode on
// every processor (it stops with SIGILL in runtime.cputicks).
func run(pkg, bin, bench string, n int) (int64, error) {
	var last string
	for range 4 {
		cmd := exec.Command("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", bin,
			"-test.run", "^$", "-test.bench", bench, "-test.benchtime", strconv.Itoa(n)+"x", "-test.cpu", "1")
		cmd.Dir = pkg
		cmd.Env = append(os.Environ(), "GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		if count, ok := instructionsOf(out.String()); err == nil && ok {
			if !strings.Contains(out.String(), "\nPASS") {
				return 0, fmt.Errorf("the benchmark did not pass:\n%s", out.String())
			}
			return count, nil
		}
		last = out.String()
	}
	return 0, fmt.Errorf("valgrind failed four times; the last output:\n%s", last)
}
