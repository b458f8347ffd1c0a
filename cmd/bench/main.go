// Command bench builds a synthetic course with loopbook and, side by side,
// the same course as a minimal Hugo site, and reports wall time, pages per
// second and peak memory of each.
//
// Run it from the repository root:
//
//	go run ./cmd/bench [-pages 1000,10000] [-runs 5] [-seed 1] [-keep]
//	                   [-tools loopbook,hugo] [-timeout 15m]
//
// It generates .bench/corpus-N (loopbook) and .bench/hugo-N (Hugo), builds
// .bin/loopbook from ./cmd/loopbook, installs Hugo into .bin on first use,
// and builds each corpus R times per configuration into fresh folders under
// .bench/out. Figures are medians over the runs, measured on the child
// process: wall time from start to exit, user+system CPU time and peak RSS.
// Runs of the different configurations are interleaved so that drift in the
// machine's load affects them alike. It exits non-zero when a tool could not
// be built or installed or a build failed.
//
// The Hugo copy of the corpus has the same text; its links point at Hugo's
// pretty URLs of the same pages and headings (loopbook's copy links to the
// .md sources, which loopbook rewrites and checks).
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/loopbook/loopbook/internal/stats"
)

const (
	module      = "github.com/loopbook/loopbook"
	hugoModule  = "github.com/gohugoio/hugo"
	hugoVersion = "v0.165.0"
)

func main() { os.Exit(run()) }

func run() int {
	var (
		pagesFlag = flag.String("pages", "1000,10000", "comma-separated corpus sizes (lesson pages)")
		runs      = flag.Int("runs", 5, "builds per configuration; the median is reported")
		seed      = flag.Uint64("seed", 1, "seed of the synthetic corpus")
		keep      = flag.Bool("keep", false, "keep the build outputs (the last run of each configuration) in .bench/out")
		toolsFlag = flag.String("tools", "loopbook,hugo", "comma-separated tools to benchmark: loopbook, hugo")
		timeout   = flag.Duration("timeout", 15*time.Minute, "give up on a single build after this long")
	)
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./cmd/bench [flags]\n\nRun from the repository root.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		return 2
	}
	sizes, err := parseSizes(*pagesFlag)
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: -pages: %v\n", err)
		return 2
	}
	if *runs < 1 {
		fmt.Fprintln(os.Stderr, "bench: -runs must be at least 1")
		return 2
	}
	want := map[string]bool{}
	for _, t := range strings.Split(*toolsFlag, ",") {
		t = strings.TrimSpace(t)
		if t != "loopbook" && t != "hugo" {
			fmt.Fprintf(os.Stderr, "bench: -tools: unknown tool %q (want loopbook, hugo)\n", t)
			return 2
		}
		want[t] = true
	}

	root, err := repoRoot()
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return 2
	}
	benchDir := filepath.Join(root, ".bench")
	binDir := filepath.Join(root, ".bin")
	outDir := filepath.Join(benchDir, "out")
	failed := false

	var tools []*tool
	if want["loopbook"] {
		t, err := buildLoopbook(root, binDir)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench: loopbook unavailable, continuing without it:\n%v\n", err)
			failed = true
		} else {
			tools = append(tools, t)
		}
	}
	if want["hugo"] {
		t, err := ensureHugo(root, binDir)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench: Hugo unavailable, continuing without it:\n%v\n", err)
			failed = true
		} else {
			tools = append(tools, t)
		}
	}
	if len(tools) == 0 {
		fmt.Fprintln(os.Stderr, "bench: no tool to benchmark")
		return 1
	}

	fmt.Printf("machine:   %d cores (GOMAXPROCS %d), %s/%s; bench built with %s\n",
		runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH, runtime.Version())
	for _, t := range tools {
		fmt.Printf("%-10s %s\n", t.name+":", t.version)
	}
	fmt.Printf("runs:      %d per configuration, interleaved; medians reported\n", *runs)
	loadNote(runtime.NumCPU())
	fmt.Println()

	if err := os.RemoveAll(outDir); err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return 1
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return 1
	}

	var results []*config
	for _, n := range sizes {
		loopSrc := filepath.Join(benchDir, fmt.Sprintf("corpus-%d", n))
		hugoSrc := filepath.Join(benchDir, fmt.Sprintf("hugo-%d", n))
		start := time.Now()
		c := newCorpus(n, *seed)
		md, err := c.write(loopSrc, hugoSrc)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench: generating the %d-page corpus: %v\n", n, err)
			return 1
		}
		fmt.Printf("corpus:    %d pages in %d sections, %.1f MiB of Markdown (seed %d), generated in %s\n",
			n, len(c.sections), float64(md)/(1<<20), *seed, time.Since(start).Round(time.Millisecond))

		var cfgs []*config
		for _, t := range tools {
			src := loopSrc
			if t.name == "hugo" {
				src = hugoSrc
			}
			for _, minify := range []bool{true, false} {
				cfgs = append(cfgs, &config{tool: t, pages: n, minify: minify, src: src})
			}
		}
		for r := 1; r <= *runs; r++ {
			for _, cfg := range cfgs {
				if cfg.err != nil {
					continue
				}
				out := filepath.Join(outDir, fmt.Sprintf("%s-%d-%s-%d", cfg.tool.name, n, cfg.mode(), r))
				m, err := cfg.runOnce(root, out, *timeout)
				if err == nil && r == 1 {
					cfg.files, err = countOutput(out)
				}
				if err == nil && (!*keep || r < *runs) {
					// Outside the measurement. A failed run's output
					// stays for inspection.
					err = os.RemoveAll(out)
				}
				if err != nil {
					cfg.err = err
					failed = true
					fmt.Fprintf(os.Stderr, "bench: %d pages, %s %s, run %d/%d failed:\n%v\n",
						n, cfg.tool.name, cfg.mode(), r, *runs, err)
					continue
				}
				cfg.walls = append(cfg.walls, m.wall)
				cfg.cpus = append(cfg.cpus, m.cpu)
				cfg.rss = append(cfg.rss, m.rssKiB)
				fmt.Fprintf(os.Stderr, "  %5d pages  %-8s %-9s run %d/%d  wall %8s  cpu %8s  %6.1f MiB\n",
					n, cfg.tool.name, cfg.mode(), r, *runs, seconds(m.wall), seconds(m.cpu), float64(m.rssKiB)/1024)
			}
		}
		results = append(results, cfgs...)
	}
	fmt.Println()
	printTable(os.Stdout, results)
	fmt.Println()
	loadNote(runtime.NumCPU())

	if !*keep {
		if err := os.RemoveAll(outDir); err != nil {
			fmt.Fprintf(os.Stderr, "bench: %v\n", err)
			failed = true
		}
	} else {
		fmt.Printf("\noutputs kept in %s\n", rel(root, outDir))
	}
	if failed {
		fmt.Fprintln(os.Stderr, "\nbench: some tools or builds failed; see the messages above")
		return 1
	}
	return 0
}

func parseSizes(s string) ([]int, error) {
	var sizes []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a positive page count", f)
		}
		sizes = append(sizes, n)
	}
	return sizes, nil
}

// repoRoot checks that the working directory is the module's root.
func repoRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(filepath.Join(wd, "go.mod"))
	if err != nil || !bytes.Contains(data, []byte("module "+module+"\n")) {
		return "", fmt.Errorf("run from the repository root (the folder whose go.mod declares %s)", module)
	}
	return wd, nil
}

// A tool is one static-site generator under test.
type tool struct {
	name    string
	path    string
	version string
	args    func(src, out string, minify bool) []string
}

func buildLoopbook(root, binDir string) (*tool, error) {
	path := filepath.Join(binDir, "loopbook")
	fmt.Fprintln(os.Stderr, "building loopbook: go build -o .bin/loopbook ./cmd/loopbook")
	cmd := exec.Command("go", "build", "-o", path, "./cmd/loopbook")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, cmdError(cmd, err, out)
	}
	return &tool{
		name:    "loopbook",
		path:    path,
		version: versionOf(root, path, "version"),
		args: func(src, out string, minify bool) []string {
			a := []string{"build", "-s", src, "-d", out}
			if !minify {
				a = append(a, "--no-minify")
			}
			return a
		},
	}, nil
}

func ensureHugo(root, binDir string) (*tool, error) {
	path := filepath.Join(binDir, "hugo")
	if _, err := os.Stat(path); err != nil {
		fmt.Fprintf(os.Stderr, "installing Hugo %s into .bin (go install; about 2 minutes, once)...\n", hugoVersion)
		start := time.Now()
		cmd := exec.Command("go", "install", hugoModule+"@"+hugoVersion)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOBIN="+binDir)
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, cmdError(cmd, err, out)
		}
		fmt.Fprintf(os.Stderr, "installed Hugo in %s\n", time.Since(start).Round(time.Second))
	}
	return &tool{
		name:    "hugo",
		path:    path,
		version: versionOf(root, path, "version"),
		args: func(src, out string, minify bool) []string {
			a := []string{"--source", src, "--destination", out, "--quiet"}
			if minify {
				a = append(a, "--minify")
			}
			return a
		},
	}, nil
}

// versionOf returns the first line a tool prints for its version command.
func versionOf(root, path string, args ...string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Dir = root
	out, err := cmd.Output()
	line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	if err != nil || line == "" {
		return "(version unknown)"
	}
	return line
}

// A config is one tool building one corpus size, with or without minify.
type config struct {
	tool   *tool
	pages  int
	minify bool
	src    string

	walls []time.Duration
	cpus  []time.Duration
	rss   []int64 // KiB
	files int     // files written by the first run
	err   error
}

func (c *config) mode() string {
	if c.minify {
		return "minify"
	}
	return "no-minify"
}

type measure struct {
	wall   time.Duration
	cpu    time.Duration // user + system
	rssKiB int64
}

// runOnce builds the config's corpus into out, which must not exist yet,
// and measures the child process.
func (c *config) runOnce(root, out string, timeout time.Duration) (measure, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.tool.path, c.tool.args(c.src, out, c.minify)...)
	cmd.Dir = root
	var output bytes.Buffer
	cmd.Stdout = &output
	cmd.Stderr = &output
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if ctx.Err() != nil {
		return measure{}, cmdError(cmd, fmt.Errorf("timed out after %s", timeout), output.Bytes())
	}
	if err != nil {
		return measure{}, cmdError(cmd, err, output.Bytes())
	}
	if _, err := os.Stat(filepath.Join(out, "index.html")); err != nil {
		return measure{}, cmdError(cmd, errors.New("exited 0 but wrote no index.html"), output.Bytes())
	}
	ps := cmd.ProcessState
	return measure{wall: wall, cpu: ps.UserTime() + ps.SystemTime(), rssKiB: maxRSSKiB(ps)}, nil
}

// cmdError names the command and shows the tail of what it printed.
func cmdError(cmd *exec.Cmd, err error, output []byte) error {
	text := strings.TrimRight(string(output), "\n")
	lines := strings.Split(text, "\n")
	const keep = 40
	if len(lines) > keep {
		lines = append([]string{fmt.Sprintf("[... %d earlier lines]", len(lines)-keep)}, lines[len(lines)-keep:]...)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  command: %s\n  error:   %v", strings.Join(cmd.Args, " "), err)
	if text != "" {
		b.WriteString("\n  output:\n")
		for _, l := range lines {
			b.WriteString("    " + l + "\n")
		}
	}
	return errors.New(strings.TrimRight(b.String(), "\n"))
}

func countOutput(dir string) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return err
	})
	return n, err
}

func rel(root, path string) string {
	if r, err := filepath.Rel(root, path); err == nil {
		return r
	}
	return path
}

func printTable(w *os.File, results []*config) {
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "pages\ttool    \tminify\truns\tmedian wall\tmin–max wall\tpages/s\tCPU\tpeak RSS\tfiles\tpages/s ÷ Hugo\tRSS ÷ Hugo\tCPU ÷ Hugo\t")
	hugoOf := func(c *config) *config {
		for _, h := range results {
			if h.tool.name == "hugo" && h.pages == c.pages && h.minify == c.minify && h.err == nil {
				return h
			}
		}
		return nil
	}
	for _, c := range results {
		// Pad text cells so that they read left-aligned.
		name := fmt.Sprintf("%-8s", c.tool.name)
		minify := "yes"
		if !c.minify {
			minify = "no "
		}
		if c.err != nil || len(c.walls) == 0 {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%d\tfailed\t\t\t\t\t\t\t\t\t\n", c.pages, name, minify, len(c.walls))
			continue
		}
		wall := stats.Median(c.walls)
		rss := stats.Median(c.rss)
		speed := float64(c.pages) / wall.Seconds()
		cpu := stats.Median(c.cpus)
		speedRatio, rssRatio, cpuRatio := "", "", ""
		if h := hugoOf(c); h != nil && c.tool.name != "hugo" {
			hs := float64(h.pages) / stats.Median(h.walls).Seconds()
			speedRatio = fmt.Sprintf("%.2f", speed/hs)
			rssRatio = fmt.Sprintf("%.2f", float64(rss)/float64(stats.Median(h.rss)))
			cpuRatio = fmt.Sprintf("%.2f", cpu.Seconds()/stats.Median(h.cpus).Seconds())
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\t%s–%s\t%.0f\t%s\t%.1f MiB\t%d\t%s\t%s\t%s\t\n",
			c.pages, name, minify, len(c.walls),
			seconds(wall), seconds(slices.Min(c.walls)), seconds(slices.Max(c.walls)),
			speed, seconds(cpu), float64(rss)/1024, c.files, speedRatio, rssRatio, cpuRatio)
	}
	tw.Flush()
	for _, line := range strings.Split(strings.TrimRight(buf.String(), "\n"), "\n") {
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	fmt.Fprintln(w, "\npages/s = lesson pages / median wall time; CPU = median user+system time of the build;")
	fmt.Fprintln(w, "peak RSS = median of the build's maximum resident set size; files = files written.")
	fmt.Fprintln(w, "Goal: loopbook at least 2.00× Hugo's pages/s with RSS ÷ Hugo below 1.00.")
}

// loadNote prints the load average where the system reports one, with a
// warning when other work competes for the cores.
func loadNote(cores int) {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return
	}
	fmt.Printf("load:      %s %s %s (1, 5, 15 min)", f[0], f[1], f[2])
	if l, err := strconv.ParseFloat(f[0], 64); err == nil && l > float64(cores)/2 {
		fmt.Print("; other work is running, figures will be noisy")
	}
	fmt.Println()
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }
