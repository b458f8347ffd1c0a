package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCLI runs the command line in process and returns the exit code and
// what it printed.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func newSite(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "site")
	if code, _, stderr := runCLI(t, "new", "site", dir); code != 0 {
		t.Fatalf("new site: exit %d: %s", code, stderr)
	}
	return dir
}

func TestNewSiteBuildsCleanly(t *testing.T) {
	dir := newSite(t)
	dest := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI(t, "build", "-s", dir, "-d", dest)
	if code != exitOK {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "Built 3 pages") {
		t.Errorf("summary: %q", stdout)
	}
	for _, f := range []string{"index.html", "basics/first-lesson.html", "print.html", "404.html", "sitemap.xml"} {
		if _, err := os.Stat(filepath.Join(dest, f)); err != nil {
			t.Error(err)
		}
	}
	if code, stdout, _ := runCLI(t, "check", "-s", dir); code != exitOK || !strings.Contains(stdout, "ok: 3 pages") {
		t.Errorf("check: exit %d: %s", code, stdout)
	}
}

func TestNewLesson(t *testing.T) {
	dir := newSite(t)
	code, _, stderr := runCLI(t, "new", "lesson", "-s", dir, "02-more/01-next-step")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "lessons/02-more/_index.md")); err != nil {
		t.Error("the new section has no _index.md")
	}
	dest := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runCLI(t, "build", "-s", dir, "-d", dest, "--drafts"); code != exitOK {
		t.Fatalf("build --drafts: %s", stderr)
	}
	if _, err := os.Stat(filepath.Join(dest, "more/next-step.html")); err != nil {
		t.Error(err)
	}
	if code, _, _ := runCLI(t, "new", "lesson", "-s", dir, "02-more/01-next-step"); code != exitFailure {
		t.Error("a second lesson of the same name must fail, not overwrite")
	}
	if code, _, _ := runCLI(t, "new", "lesson", "-s", dir, "no-section"); code != exitFailure {
		t.Error("a lesson without a section must fail")
	}
}

func TestExitCodes(t *testing.T) {
	dir := newSite(t)
	bad := filepath.Join(dir, "lessons/01-basics/01-first-lesson.md")
	tests := []struct {
		name   string
		args   []string
		broken bool
		code   int
		stderr string
	}{
		{"unknown command", []string{"bild"}, false, exitUsage, `unknown command "bild"`},
		{"unknown flag", []string{"build", "--nope"}, false, exitUsage, "unknown flag: --nope"},
		{"bad format", []string{"check", "-s", dir, "--format", "xml"}, false, exitUsage, `unknown --format "xml"`},
		{"bad run regex", []string{"check", "-s", dir, "--run", "("}, false, exitUsage, "--run"},
		{"missing site", []string{"build", "-s", filepath.Join(dir, "nowhere")}, false, exitFailure, "no loopbook.yaml"},
		{"broken page", []string{"build", "-s", dir, "-d", filepath.Join(t.TempDir(), "o")}, true, exitFailure, `01-first-lesson.md:2:1: unknown front matter key "titel"; did you mean "title"?`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.broken {
				orig, _ := os.ReadFile(bad)
				os.WriteFile(bad, []byte(strings.Replace(string(orig), "title:", "titel:", 1)), 0o644)
				defer os.WriteFile(bad, orig, 0o644)
			}
			code, _, stderr := runCLI(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			if !strings.Contains(stderr, tt.stderr) {
				t.Errorf("stderr %q lacks %q", stderr, tt.stderr)
			}
			if strings.Count(stderr, "Error:") > 1 {
				t.Errorf("the error was printed more than once: %q", stderr)
			}
		})
	}
}

func TestCheckFormats(t *testing.T) {
	dir := newSite(t)
	bad := filepath.Join(dir, "lessons/01-basics/01-first-lesson.md")
	orig, _ := os.ReadFile(bad)
	os.WriteFile(bad, append(orig, []byte("\n[gone](nope.md)\n")...), 0o644)

	code, stdout, _ := runCLI(t, "check", "-s", dir, "--format", "json")
	if code != exitFailure {
		t.Errorf("exit %d, want 1", code)
	}
	var rep checkReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("json: %v\n%s", err, stdout)
	}
	if rep.OK || len(rep.Problems) != 1 || rep.Problems[0].File != "lessons/01-basics/01-first-lesson.md" || rep.Problems[0].Line == 0 {
		t.Errorf("json report: %+v", rep)
	}

	code, stdout, _ = runCLI(t, "check", "-s", dir, "--format", "junit")
	if code != exitFailure {
		t.Errorf("exit %d, want 1", code)
	}
	var suite struct {
		Failures int `xml:"failures,attr"`
		Cases    []struct {
			Failure *struct {
				Message string `xml:"message,attr"`
			} `xml:"failure"`
		} `xml:"testcase"`
	}
	if err := xml.Unmarshal([]byte(stdout), &suite); err != nil {
		t.Fatalf("junit: %v\n%s", err, stdout)
	}
	// One passing case for the lesson's scenario, one failing for the link.
	if suite.Failures != 1 || len(suite.Cases) != 2 || suite.Cases[0].Failure != nil || suite.Cases[1].Failure == nil ||
		!strings.Contains(suite.Cases[1].Failure.Message, `broken link "nope.md"`) {
		t.Errorf("junit report: %s", stdout)
	}
}

func TestVersionAndCompletion(t *testing.T) {
	if code, stdout, _ := runCLI(t, "version"); code != exitOK || !strings.HasPrefix(stdout, "loopbook ") {
		t.Errorf("version: %d %q", code, stdout)
	}
	code, stdout, _ := runCLI(t, "completion", "bash")
	if code != exitOK || !strings.Contains(stdout, "__start_loopbook") {
		t.Errorf("bash completion: exit %d", code)
	}
	// Dynamic completion of --format values.
	code, stdout, _ = runCLI(t, "__complete", "check", "--format", "")
	if code != exitOK || !strings.Contains(stdout, "junit") {
		t.Errorf("--format completion: %q", stdout)
	}
}

func TestSeveralProblemsAreListedOnce(t *testing.T) {
	dir := newSite(t)
	for _, f := range []string{"lessons/01-basics/_index.md", "lessons/01-basics/01-first-lesson.md"} {
		p := filepath.Join(dir, f)
		orig, _ := os.ReadFile(p)
		os.WriteFile(p, []byte(strings.Replace(string(orig), "weight:", "wieght:", 1)), 0o644)
	}
	if code, stdout, _ := runCLI(t, "check", "-s", dir); code != exitFailure || !strings.Contains(stdout, "FAIL: 2 problems") {
		t.Fatalf("check: exit %d: %s", code, stdout)
	}
	code, _, stderr := runCLI(t, "build", "-s", dir, "-d", filepath.Join(t.TempDir(), "o"))
	want := "Error: 2 problems:\n  lessons/01-basics/01-first-lesson.md:3:1: unknown front matter key \"wieght\"; did you mean \"weight\"?\n  lessons/01-basics/_index.md:3:1: unknown front matter key \"wieght\"; did you mean \"weight\"?\n"
	if code != exitFailure || stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", code, stderr, want)
	}
}
