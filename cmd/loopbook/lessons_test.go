package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

const firstLesson = "lessons/01-basics/01-first-lesson.md"

// editLesson replaces from with to in the new site's first lesson.
func editLesson(t *testing.T, dir, from, to string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(firstLesson))
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), from) {
		t.Fatalf("the first lesson has no %q", from)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(src), from, to, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCheckRunsScenarios(t *testing.T) {
	dir := newSite(t)
	code, stdout, _ := runCLI(t, "check", "-s", dir)
	if code != exitOK || !strings.Contains(stdout, "1 scenarios (3 steps, 2 claims)") {
		t.Fatalf("check: exit %d\n%s", code, stdout)
	}

	editLesson(t, dir, ".status.phase == Running", ".status.phase == Pending")
	code, stdout, _ = runCLI(t, "check", "-s", dir)
	want := firstLesson + ":38:5: claim is false: pod demo/web .status.phase == Pending; expected .status.phase == Pending, observed Running"
	if code != exitFailure || !strings.Contains(stdout, want) {
		t.Errorf("false claim: exit %d\n%s\nwant %q", code, stdout, want)
	}

	editLesson(t, dir, ".status.phase == Pending", ".status.phase == Running")
	editLesson(t, dir, "scheduler CREATE pods/binding demo/web", "scheduler DELETE pods/binding demo/web")
	code, stdout, _ = runCLI(t, "check", "-s", dir, "--format", "json")
	var rep checkReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("json: %v\n%s", err, stdout)
	}
	if code != exitFailure || len(rep.Blocks) != 1 || len(rep.Blocks[0].Problems) != 1 ||
		rep.Blocks[0].Problems[0].Line != 32 || !strings.Contains(rep.Blocks[0].Problems[0].Message, `step "Schedule": no event matches`) {
		t.Errorf("unmatched step: exit %d, report %+v", code, rep)
	}

	// --run leaves the scenario out: it is still parsed, not run.
	code, stdout, _ = runCLI(t, "check", "-s", dir, "--run", "^nothing$")
	if code != exitOK || !strings.Contains(stdout, "0 scenarios") {
		t.Errorf("--run: exit %d\n%s", code, stdout)
	}
}

func TestTrace(t *testing.T) {
	dir := newSite(t)
	code, stdout, stderr := runCLI(t, "trace", "-s", dir, firstLesson)
	if code != exitOK {
		t.Fatalf("trace: exit %d: %s", code, stderr)
	}
	lines := strings.Split(stdout, "\n")
	if !strings.HasPrefix(lines[0], "TIME") || !strings.Contains(stdout, "alice") || !strings.Contains(stdout, "CREATE pods demo/web") {
		t.Errorf("trace table:\n%s", stdout)
	}

	code, stdout, _ = runCLI(t, "trace", "-s", dir, "basics/first-lesson.html#first-pod", "--format", "json")
	var events []trace.Event
	if err := json.Unmarshal([]byte(stdout), &events); code != exitOK || err != nil || len(events) == 0 || events[0].From != "alice" {
		t.Errorf("trace json: exit %d, err %v, %d events", code, err, len(events))
	}

	for _, args := range [][]string{{"trace", "-s", dir, "nope.md"}, {"trace", "-s", dir, firstLesson + "#nope"}, {"trace", "-s", dir, firstLesson, "--format", "xml"}} {
		if code, _, stderr := runCLI(t, args...); code != exitUsage || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, stderr)
		}
	}
}
