package main

import (
	"bufio"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// secondCourse lists the blocks of the API server course by lesson: each
// section of the course must keep its runs. Scenarios must have run
// (their first step is rendered); quizzes, gates and maps must be there.
var secondCourse = []struct {
	lesson string
	blocks []string
}{
	{"What the API server is and why it matters", []string{"api-hub", "api-hub-map"}},
	{"A REST API of resources", []string{"api-rest-paths", "api-discovery", "api-quiz-rest"}},
	{"kubectl get pods and kubectl apply", []string{"api-get-pods", "api-apply-web"}},
	{"The request lifecycle", []string{"api-alice-production", "api-admission", "api-validation", "api-gates", "api-persist", "api-quiz-lifecycle"}},
	{"Caches and watch", []string{"api-watch-events", "api-watch-vs-poll"}},
	{"Who talks to whom", []string{"api-logs-exec", "api-data-plane", "api-pod-client"}},
	{"Security and ports", []string{"api-ports-and-identities", "api-audit-secret"}},
	{"Extending the API", []string{"api-crd", "api-aggregated-discovery"}},
	{"Availability", []string{"api-ha", "api-down", "api-etcd-down"}},
	{"Performance", []string{"api-list-pages", "api-noisy-client"}},
	{"Troubleshooting", []string{"api-health", "api-first-checks", "api-connection-refused", "api-logs-broken"}},
	{"Summary and interview questions", []string{"api-quiz-interview"}},
}

// interviewQuestions is how many questions the closing quiz asks: the
// source's ten.
const interviewQuestions = 10

// TestSecondCourseIsComplete checks that every lesson of the API server
// course is in the built site with its blocks, scenarios having run, and
// in the offline edition.
func TestSecondCourseIsComplete(t *testing.T) {
	c := courseSite(t).course(t, "apiserver/")
	ran := 0
	for _, l := range secondCourse {
		for _, id := range l.blocks {
			p, page := c.holder(id)
			if p == "" {
				t.Errorf("%s: block %q is missing", l.lesson, id)
				continue
			}
			if isScenario(page, id) {
				ran++
				if len(c.find(id+"-step-1")) == 0 {
					t.Errorf("%s: scenario %q did not run (no rendered steps)", l.lesson, id)
				}
			}
			c.inPrint(id)
		}
	}
	if ran < 25 {
		t.Errorf("only %d of the course's blocks were found to be scenarios", ran)
	}
	for q := 1; q <= interviewQuestions; q++ {
		c.holder(fmt.Sprintf("api-quiz-interview-q%d", q))
	}
	if extra := c.find(fmt.Sprintf("api-quiz-interview-q%d", interviewQuestions+1)); len(extra) > 0 {
		t.Errorf("the interview quiz has more than %d questions", interviewQuestions)
	}
}

// isScenario reports whether the block id on page is a scenario block.
func isScenario(page, id string) bool {
	return regexp.MustCompile(`<section class="lb-block lb-scenario" id="` + regexp.QuoteMeta(id) + `"`).MatchString(page)
}

// TestSecondCourseOutputsComeFromTheEngine checks that the API server
// course types no command output into its Markdown: a console block holds
// only commands, no other fenced block holds what kubectl or the API
// prints, and every kubectl command a console block shows is run on the
// same page by a scenario, whose output the engine printed.
func TestSecondCourseOutputsComeFromTheEngine(t *testing.T) {
	c := courseSite(t).course(t, "apiserver/")
	files, err := filepath.Glob(filepath.Join("..", "..", "lessons", "apiserver", "*", "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no lessons: %v", err)
	}
	// What command output looks like: a kubectl table header, an API
	// object or status in JSON, kubectl's error lines, a health report.
	output := regexp.MustCompile(`^(NAME\s{2,}|\{"kind":|\{\s*$|Error from server|The connection to the server|\[\+\]|ok$|Kubernetes control plane is running)`)
	for _, f := range files {
		blocks := fencedBlocks(t, f)
		page := c.pageOf(f)
		for _, b := range blocks {
			for i, line := range b.lines {
				at := fmt.Sprintf("%s:%d", f, b.line+1+i)
				switch b.lang {
				case "console", "shell", "sh", "bash":
					if line == "" || strings.HasPrefix(line, "$ ") || strings.HasPrefix(line, "#") {
						break
					}
					t.Errorf("%s: a console block shows output typed into the lesson: %q", at, line)
				case "scenario", "failures", "whatif", "gates", "quiz", "map":
				default:
					if output.MatchString(strings.TrimSpace(line)) {
						t.Errorf("%s: a %q block holds what looks like command output: %q", at, b.lang, line)
					}
				}
				if cmd, ok := strings.CutPrefix(line, "$ kubectl "); ok && (b.lang == "console" || b.lang == "shell") {
					sub := strings.Fields(cmd)[0]
					if page != "" && !ranOnPage(c.pages[page], sub) {
						t.Errorf("%s: \"kubectl %s\" is shown but no scenario on the page runs kubectl %s", at, cmd, sub)
					}
				}
			}
		}
	}
}

// ranOnPage reports whether a scenario on the page ran a kubectl command
// with the subcommand sub (its terminal shows "kubectl SUB").
func ranOnPage(page, sub string) bool {
	for _, m := range regexp.MustCompile(`(?s)<pre class="lb-terminal[^"]*"><code>(.*?)</code></pre>`).FindAllStringSubmatch(page, -1) {
		text := html.UnescapeString(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(m[1], ""))
		if strings.Contains(text, "kubectl "+sub) {
			return true
		}
	}
	return false
}

// pageOf is the built page of a lesson file: lessons/apiserver/S/N-name.md
// is apiserver/S'/name.html, found by the lesson's first block id or, for
// a page without blocks, "".
func (c *course) pageOf(file string) string {
	src, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	m := regexp.MustCompile(`(?m)^id: (\S+)`).FindSubmatch(src)
	if m == nil {
		return ""
	}
	if found := c.find(string(m[1])); len(found) == 1 {
		return found[0]
	}
	return ""
}

// fenced is a fenced code block of a Markdown file: its info word, the
// line of its opening fence and its lines.
type fenced struct {
	lang  string
	line  int
	lines []string
}

// fencedBlocks reads a Markdown file's fenced code blocks (``` fences).
func fencedBlocks(t *testing.T, file string) []fenced {
	t.Helper()
	fh, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var out []fenced
	var cur *fenced
	sc := bufio.NewScanner(fh)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			out = append(out, fenced{lang: strings.TrimSpace(strings.TrimPrefix(line, "```")), line: n})
			cur = &out[len(out)-1]
		case cur != nil && strings.TrimSpace(line) == "```":
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, line)
		}
	}
	return out
}
