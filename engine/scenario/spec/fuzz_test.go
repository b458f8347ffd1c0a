package spec

import (
	"os"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
)

// fuzzAt is where fuzzed bodies start.
var fuzzAt = diag.Pos{File: "f.md", Line: 7, Col: 3}

// checkErr fails unless every error of err has a position inside the
// input: the file, and a line from at.Line to the input's last line.
func checkErr(t *testing.T, err error, at diag.Pos, input string) {
	t.Helper()
	if err == nil {
		return
	}
	var l diag.List
	l.Add(err)
	if len(l) == 0 {
		t.Fatalf("an empty error list: %v", err)
	}
	last := at.Line + strings.Count(string(normalize([]byte(input))), "\n") + 1
	for _, e := range l {
		if e.Pos.File != at.File || e.Pos.Line < max(at.Line, 1) || e.Pos.Line > last || e.Pos.Col < 1 {
			t.Fatalf("error at %v outside %s:%d-%d: %v", e.Pos, at.File, at.Line, last, e)
		}
		if e.Msg == "" {
			t.Fatalf("error without a message at %v", e.Pos)
		}
	}
}

// seedBlocks adds the test data and the error catalogue's bodies of kind.
func seedBlocks(f *testing.F, kind string) {
	if kind == "scenario" {
		if b, err := os.ReadFile("testdata/create-deployment.yaml"); err == nil {
			f.Add(string(b))
		}
	}
	for _, c := range errorCases {
		if c.kind == kind || c.kind == "check:"+kind {
			f.Add(c.body)
		}
	}
}

func fuzzBlock(t *testing.T, kind, body string) {
	b, err := Parse(kind, []byte(body), fuzzAt)
	checkErr(t, err, fuzzAt, body)
	if err == nil && b != nil {
		checkErr(t, b.Check(DefaultVocabulary()), fuzzAt, body)
	}
}

func FuzzParseScenario(f *testing.F) {
	seedBlocks(f, "scenario")
	f.Fuzz(func(t *testing.T, body string) { fuzzBlock(t, "scenario", body) })
}

func FuzzParseBlock(f *testing.F) {
	for i, kind := range blockKinds[1:] {
		for _, c := range errorCases {
			if c.kind == kind || c.kind == "check:"+kind {
				f.Add(uint8(i), c.body)
			}
		}
	}
	f.Fuzz(func(t *testing.T, k uint8, body string) {
		fuzzBlock(t, blockKinds[1+int(k)%(len(blockKinds)-1)], body)
	})
}

func FuzzParseFixture(f *testing.F) {
	if b, err := os.ReadFile("testdata/two-workers.yaml"); err == nil {
		f.Add(string(b))
	}
	seedBlocks(f, "fixture")
	f.Fuzz(func(t *testing.T, src string) {
		fx, err := ParseFixture("f.md", []byte(src))
		checkErr(t, err, diag.Pos{File: "f.md", Line: 1, Col: 1}, src)
		if err == nil && fx != nil {
			checkErr(t, fx.Check(DefaultVocabulary().WithFixture(fx)), diag.Pos{File: "f.md", Line: 1, Col: 1}, src)
		}
	})
}

// seedWords adds the catalogue's inputs of kind and good examples.
func seedWords(f *testing.F, kind string, good ...string) {
	for _, g := range good {
		f.Add(g)
	}
	for _, c := range errorCases {
		if c.kind == kind {
			f.Add(c.body)
		}
	}
}

func FuzzParseClaim(f *testing.F) {
	seedWords(f, "claim",
		"never scheduler -> kubelet", "count pods demo app=web,status.phase=Pending == 3",
		`pod demo/web-* .status.conditions[type=Ready].status == True after "Bind Pods"`,
		"always count pods demo app=web <= 4", `values replicaset demo/web-1 .spec.replicas == [3, 2, "1"]`,
		"elapsed fault FAULT -> scheduler CREATE pods/binding in [1s, 2s]", "response c .message matches /a b/",
		"stored revision unchanged", "no alice PATCH pods/status", "a GET pods before b LIST nodes",
		`deployment demo/web .metadata.annotations["a.b/c"] exists`)
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseClaim(s, fuzzAt)
		checkErr(t, err, fuzzAt, s)
		if err != nil {
			return
		}
		if c.ClaimText() != strings.TrimSpace(c.ClaimText()) || c.ClaimPos().Line < fuzzAt.Line {
			t.Fatalf("claim text %q at %v", c.ClaimText(), c.ClaimPos())
		}
		again, err := ParseClaim(c.ClaimText(), fuzzAt)
		if err != nil {
			t.Fatalf("the claim's own text %q does not parse: %v", c.ClaimText(), err)
		}
		if show(again) != show(c) {
			t.Fatalf("reparsing %q gives\n%s\nnot\n%s", c.ClaimText(), show(again), show(c))
		}
	})
}

func FuzzParsePattern(f *testing.F) {
	seedWords(f, "pattern",
		"alice CREATE deployments demo/web", "apiserver AUTHENTICATE alice", "scheduler CREATE pods/binding demo/* x3",
		"kubelet/worker-a CRI.StartContainer", "apiserver NOTIFY ADDED pods demo/* to scheduler => ok",
		"apiserver ADMIT mutating pods demo/x => 403 Forbidden", "alice GET /version all")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePattern(s, fuzzAt)
		checkErr(t, err, fuzzAt, s)
		if err != nil {
			return
		}
		again, err := ParsePattern(p.Text, fuzzAt)
		if err != nil {
			t.Fatalf("the pattern's own text %q does not parse: %v", p.Text, err)
		}
		if show(again) != show(p) {
			t.Fatalf("reparsing %q gives\n%s\nnot\n%s", p.Text, show(again), show(p))
		}
	})
}

func FuzzParseFault(f *testing.F) {
	seedWords(f, "fault", "crash container demo/web-b", "kill controller-manager", "overload api alice", "remove kube-proxy worker-a")
	f.Fuzz(func(t *testing.T, s string) {
		ft, err := ParseFault(s, fuzzAt)
		checkErr(t, err, fuzzAt, s)
		if err == nil && (ft.Kind == 0 || ft.Text != strings.TrimSpace(ft.Text)) {
			t.Fatalf("fault %s", show(ft))
		}
	})
}
