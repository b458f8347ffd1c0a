package spec

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
)

// TestSeedOperations checks that the pattern grammar expresses the step
// operations of every conversation of the first course.
func TestSeedOperations(t *testing.T) {
	f, err := os.Open("testdata/seed-operations.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	conversations := map[string]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		op, pattern, ok := strings.Cut(line, " | ")
		if !ok {
			t.Fatalf("line %d: no pattern", n)
		}
		conversations[op[:2]] = true
		if _, err := ParsePattern(pattern, diag.Pos{File: "seed-operations.txt", Line: n, Col: len(op) + 4}); err != nil {
			t.Errorf("%s: %v", op, err)
		}
	}
	if len(conversations) != 26 {
		t.Errorf("%d conversations covered, want 26", len(conversations))
	}
}
