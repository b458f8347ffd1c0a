package browsertest

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// quizState returns the class of each question of the quiz: "is-ok",
// "is-failed" or "" before checking.
func quizState(p *Page) []string {
	return Eval[[]string](p, `Array.from(document.querySelectorAll("#check-web .lb-question"), function (q) {
		return q.classList.contains("is-ok") ? "is-ok" : q.classList.contains("is-failed") ? "is-failed" : "";
	})`)
}

// TestQuiz answers a quiz wrong with the mouse, then right with the
// keyboard: each question's feedback and explanation, the score, the
// score kept in localStorage across a reload, the loopbook:quiz event,
// and the home page's progress showing it. The which-actor question is
// answered on its map by click, by Space and by Enter.
func TestQuiz(t *testing.T) {
	b := New(t)
	s := buildLessons(t, blocksArchive)
	page := s.File("blocks/quiz.html")
	p := b.Open(t, page)
	p.Eval(`localStorage.clear()`)
	p.Reload()
	if got := p.Text("#check-web-score"); got != "" {
		t.Errorf("score %q before any answer", got)
	}
	Eval[bool](p, `(window.lbQuiz = [], document.addEventListener("loopbook:quiz", function (e) { lbQuiz.push(e.detail) }), true)`)

	// Wrong, with the mouse.
	p.clickCentre("#check-web-q1-2") // Fact
	p.clickCentre("#check-web-q2-1") // the kubelet
	p.clickCentre("#check-web-q3-2") // etcd
	p.clickCentre(`#check-web-q4-map .lb-actor[data-actor="kubelet/worker-a"]`)
	if got := p.Text("#check-web-q4-picked"); got != "Your answer: kubelet" {
		t.Errorf("after clicking the kubelet: %q", got)
	}
	p.clickCentre("#check-web .lb-check")
	if got := quizState(p); !slices.Equal(got, []string{"is-failed", "is-failed", "is-failed", "is-failed"}) {
		t.Errorf("wrong answers marked %q", got)
	}
	for q, want := range map[string][]string{
		"q1": {"✗ Not quite.", "The answer: Myth.", "Only the API server talks to etcd."},
		"q2": {"✗ Not quite.", "The answer: the scheduler", "The scheduler creates a binding."},
		"q3": {"✗ Not quite.", "The answer: the Deployment controller; the ReplicaSet controller", "etcd only stores them."},
		"q4": {"✗ Not quite.", "The answer: kube-scheduler", "the kubelet starts the containers."},
	} {
		got := p.Text("#check-web-" + q + "-feedback")
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s feedback %q lacks %q", q, got, w)
			}
		}
	}
	if got := p.Text("#check-web-score"); got != "Score: 0 of 4" {
		t.Errorf("score %q, want Score: 0 of 4", got)
	}

	// Right, with the keyboard.
	p.clickCentre("#check-web-q1-1")                            // Myth
	p.Eval(`document.getElementById("check-web-q2-1").focus()`) // the kubelet, checked
	p.Key(kb.ArrowDown)                                         // the scheduler
	p.Eval(`document.getElementById("check-web-q3-2").focus()`)
	p.Key(" ") // etcd off
	p.Key(kb.ArrowUp)
	p.Eval(`document.getElementById("check-web-q3-1").focus()`)
	p.Key(" ") // the Deployment controller
	p.Eval(`document.getElementById("check-web-q3-3").focus()`)
	p.Key(" ") // the ReplicaSet controller
	if got := p.Eval(`[1,2,3].map(function (i) { return document.getElementById("check-web-q3-" + i).checked }).join()`); got != "true,false,true" {
		t.Errorf("multiple choice boxes %s, want true,false,true", got)
	}
	focusBefore(p, "#check-web-q4 legend")
	tabTo(t, p, "etcd", 20)
	p.Key(" ")
	if got := p.Text("#check-web-q4-picked"); got != "Your answer: etcd" {
		t.Errorf("after Space on etcd: %q", got)
	}
	tabTo(t, p, "scheduler", 5)
	p.Key(kb.Enter)
	if got := p.Text("#check-web-q4-picked"); got != "Your answer: kube-scheduler" {
		t.Errorf("after Enter on the scheduler: %q", got)
	}
	if got := pressed(p, "#check-web-q4-map"); !slices.Equal(got, []string{"scheduler"}) {
		t.Errorf("picked on the map %q, want [scheduler]", got)
	}
	p.Eval(`document.querySelector("#check-web .lb-check").focus()`)
	p.Key(kb.Enter)
	if got := quizState(p); !slices.Equal(got, []string{"is-ok", "is-ok", "is-ok", "is-ok"}) {
		t.Errorf("right answers marked %q", got)
	}
	if got := p.Text("#check-web-q3-feedback"); !strings.HasPrefix(got, "✓ Correct.") || !strings.Contains(got, "Controllers create ReplicaSets and Pods") {
		t.Errorf("q3 feedback %q, want Correct and the explanation", got)
	}
	if got := p.Text("#check-web-score"); got != "Score: 4 of 4" {
		t.Errorf("score %q, want Score: 4 of 4", got)
	}
	if got := p.Eval(`localStorage.getItem("loopbook-quiz:check-web")`); got != `{"score":4,"total":4}` {
		t.Errorf("stored score %s", got)
	}
	if got := p.Eval(`JSON.stringify(lbQuiz)`); got != `[{"id":"check-web","score":0,"total":4},{"id":"check-web","score":4,"total":4}]` {
		t.Errorf("loopbook:quiz events %s", got)
	}
	noErrors(t, p)

	p.Reload()
	if got := p.Text("#check-web-score"); got != "Last score: 4 of 4" {
		t.Errorf("after a reload the score reads %q, want Last score: 4 of 4", got)
	}
	p.clickCentre(`#check-web-q4-map .lb-actor[data-actor="scheduler"]`)
	p.clickCentre("#check-web .lb-check")
	if got := quizState(p); got[3] != "is-ok" {
		t.Errorf("the scheduler picked by click is marked %q", got[3])
	}

	p.Navigate(s.File("index.html"))
	if got := p.Text("[data-progress-summary]"); !strings.Contains(got, "scored 1 of 4 in quizzes") {
		t.Errorf("home page progress %q, want the last score 1 of 4", got)
	}
	if got := p.Text(`[data-progress-pages~="blocks/quiz.html"]`); !strings.Contains(got, "quizzes 1/4") {
		t.Errorf("the section's progress %q, want quizzes 1/4", got)
	}
	noErrors(t, p)
}
