package cluster

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The model must not read the wall clock, start real timers, draw from a
// global or system random source, or start goroutines: any of them makes
// two runs of one scenario differ. These are the names that do.
var (
	// wallClock lists the time package's functions that read the clock or
	// wait on it. time.Duration, time.Date and formatting are fine.
	wallClock = []string{"Now", "Since", "Until", "Sleep", "After", "AfterFunc", "Tick", "NewTimer", "NewTicker"}
	// seededRand lists what math/rand and math/rand/v2 may be used for:
	// building a generator from an explicit seed. Every other name is a
	// global generator (rand.Intn, rand.IntN, rand.Shuffle, rand.Seed, …).
	seededRand = []string{"New", "NewSource", "NewPCG", "NewChaCha8", "NewZipf", "Rand", "Source", "Source64", "PCG", "ChaCha8", "Zipf"}
)

// finding is one offence, at a position.
type finding struct {
	pos  token.Position
	what string
}

func (f finding) String() string { return fmt.Sprintf("%s:%d: %s", f.pos.Filename, f.pos.Line, f.what) }

// nondeterminism returns the offences in one parsed file.
//
// A selector X.Name counts when X names an imported package. The parser's
// object resolution tells that apart from a local variable that shadows
// the package name: an identifier that refers to an import is unresolved
// (its Obj is nil), one that refers to a local declaration is not. That is
// exact within a file, which is all an import's name can reach.
func nondeterminism(fset *token.FileSet, f *ast.File) []finding {
	var out []finding
	report := func(n ast.Node, format string, args ...any) {
		out = append(out, finding{fset.Position(n.Pos()), fmt.Sprintf(format, args...)})
	}
	pkgs := map[string]string{} // local name -> import path, for the watched imports
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		def := ""
		switch path {
		case "time":
			def = "time"
		case "math/rand", "math/rand/v2":
			def = "rand"
		case "crypto/rand":
			report(imp, "import of crypto/rand (system entropy; use the run's sim.Rand)")
			continue
		default:
			continue
		}
		name := def
		if imp.Name != nil {
			name = imp.Name.Name
		}
		switch name {
		case "_":
			continue
		case ".":
			report(imp, "dot import of %s (its functions cannot be checked)", path)
			continue
		}
		pkgs[name] = path
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			report(n, "go statement (the model runs on one goroutine; schedule work on the sim loop)")
		case *ast.SelectorExpr:
			id, ok := n.X.(*ast.Ident)
			if !ok || id.Obj != nil {
				return true
			}
			switch path, name := pkgs[id.Name], n.Sel.Name; path {
			case "time":
				if slices.Contains(wallClock, name) {
					report(n, "time.%s (wall clock; use the sim loop's virtual time)", name)
				}
			case "math/rand", "math/rand/v2":
				if !slices.Contains(seededRand, name) {
					report(n, "%s.%s (global %s; use the run's sim.Rand)", id.Name, name, path)
				}
			}
		}
		return true
	})
	return out
}

// TestDeterminism walks every Go file under engine/cluster, tests
// included: tests write golden traces, so they must be as reproducible as
// the model. (This file names the forbidden functions only in strings, which
// the check does not look at.) testdata directories are skipped; they hold
// inputs, not code that runs.
func TestDeterminism(t *testing.T) {
	var all []finding
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0) // with object resolution, which the check needs
		if err != nil {
			return err
		}
		files++
		all = append(all, nondeterminism(fset, f)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 10 {
		t.Fatalf("checked only %d files; is the test running in engine/cluster?", files)
	}
	for _, f := range all {
		t.Error(f)
	}
}

// TestDeterminismChecker proves the check finds what it must, and only
// that.
func TestDeterminismChecker(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // "line: start of message"
	}{
		{
			name: "offences",
			src: `package bad

import (
	"time"
	mr "math/rand"
	"math/rand/v2"
	crand "crypto/rand"
)

func f() {
	_ = time.Now()
	time.Sleep(time.Second)
	<-time.After(time.Second)
	go f()
	_ = mr.Intn(3)
	_ = rand.IntN(3)
	rand.Shuffle(2, func(i, j int) {})
	since := time.Since
	_, _ = since, crand.Reader
	t := time.NewTimer(time.Second)
	_ = t
	go func() {}()
}
`,
			want: []string{
				"7: import of crypto/rand",
				"11: time.Now",
				"12: time.Sleep",
				"13: time.After",
				"14: go statement",
				"15: mr.Intn",
				"16: rand.IntN",
				"17: rand.Shuffle",
				"18: time.Since",
				"20: time.NewTimer",
				"22: go statement",
			},
		},
		{
			name: "allowed",
			src: `package good

import (
	"math/rand/v2"
	"time"
)

var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func g(d time.Duration) string {
	r := rand.New(rand.NewPCG(1, 2))
	_ = r.IntN(3) // a method of a seeded generator
	{
		time := struct{ Now func() int }{} // shadows the package
		_ = time.Now
	}
	return epoch.Add(d).Format(time.RFC3339)
}
`,
		},
		{
			name: "dot import",
			src:  "package dot\n\nimport . \"time\"\n\nvar _ = Now()\n",
			want: []string{"3: dot import of time"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, tc.name+".go", tc.src, 0)
			if err != nil {
				t.Fatal(err)
			}
			found := nondeterminism(fset, f)
			var got []string
			for _, fd := range found {
				got = append(got, fmt.Sprintf("%d: %s", fd.pos.Line, fd.what))
			}
			if len(got) != len(tc.want) {
				t.Fatalf("found %d offences, want %d:\n%s", len(got), len(tc.want), strings.Join(got, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("offence %d = %q, want %q…", i, got[i], tc.want[i])
				}
			}
			// Findings carry the file and line, as the walk reports them.
			for _, fd := range found {
				if s := fd.String(); !strings.HasPrefix(s, tc.name+".go:") {
					t.Errorf("finding prints as %q", s)
				}
			}
		})
	}
}
