package render

import (
	"io"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// Quiz writes a quiz as a form of real controls: per question a fieldset
// whose legend is the statement, with radio buttons (myth or fact, single
// choice), checkboxes (multiple choice) or, for a which-actor question,
// the map of opts.Map whose actors are picked by click, Enter or Space.
// Each question's answer, explanation and proof sit in a <details> that
// reads without JavaScript. With it, blocks.js adds the Check button,
// gives feedback and the explanation per question, keeps the score in
// localStorage under "loopbook-quiz:" + the quiz id, and dispatches a
// "loopbook:quiz" CustomEvent on document with detail {id, score, total}.
func Quiz(w io.Writer, q *result.Quiz, opts Options) error {
	p := newPrinter(w, 8<<10)
	if q == nil {
		q = &result.Quiz{}
	}
	id := opts.blockID(q.ID, "quiz")
	outer, inner := opts.heading()
	title := q.Title
	if title == "" {
		title = "Quiz"
	}
	p.open("section", "class", "lb-block lb-quiz", "id", id, "data-lb", "quiz", "data-quiz", q.ID, "aria-labelledby", id+"-title")
	p.elem(outer, title, "class", "lb-title", "id", id+"-title")
	p.open("form", "class", "lb-quiz-form", "id", id+"-form", "aria-labelledby", id+"-title")
	p.raw(`<ol class="lb-questions">`)
	for i := range q.Questions {
		p.question(&q.Questions[i], id+"-q"+strconv.Itoa(i+1), opts.Map, inner)
	}
	p.raw(`</ol><div class="lb-js lb-quiz-actions"><button type="button" class="lb-btn lb-check">Check answers</button> `)
	p.open("p", "class", "lb-score", "id", id+"-score", "aria-live", "polite")
	p.raw(`</p></div></form>`)
	p.close("section")
	return p.flush(w)
}

// question writes one question; its data-correct attribute holds the
// answer blocks.js checks against: choice indices joined by ",", or the
// map id of a which-actor question.
func (p *printer) question(q *result.Question, id string, m *result.Map, inner string) {
	choices, multiple := q.Choices, q.Kind == "multiple choice"
	correct := joinInts(q.Correct)
	if q.Kind == "myth or fact" {
		choices = []string{"Myth", "Fact"}
	}
	if q.Kind == "which actor" {
		correct = q.Actor
	}
	p.open("li", "class", "lb-question", "id", id, "data-kind", q.Kind, "data-correct", correct)
	p.raw(`<fieldset><legend data-search="Quiz">`)
	p.text(q.Statement)
	p.raw(`</legend>`)
	if q.Kind == "which actor" {
		p.actorQuestion(id, m)
	} else {
		typ := "radio"
		if multiple {
			typ = "checkbox"
		}
		for j, c := range choices {
			p.raw(`<label class="lb-choice">`)
			p.void("input", "type", typ, "name", id, "id", id+"-"+strconv.Itoa(j+1), "value", strconv.Itoa(j))
			p.raw(" ")
			p.text(c)
			p.raw(`</label>`)
		}
	}
	p.raw(`</fieldset>`)
	p.open("div", "class", "lb-js lb-feedback", "id", id+"-feedback", "aria-live", "polite")
	p.raw(`</div><details class="lb-answer lb-nojs"><summary>Answer</summary><p class="lb-answer-line"><strong>`)
	p.text(answerText(q, choices, m))
	p.raw(`</strong></p>`)
	if q.Explain != "" {
		p.elem("p", q.Explain, "class", "lb-explain")
	}
	if q.Proof != nil {
		p.raw(`<p class="lb-proof">Checked against the scenario <code>`)
		p.text(q.ProofScenario)
		p.raw(`</code>: <code>`)
		p.text(q.Proof.Text)
		p.raw(`</code> `)
		if q.Proof.OK {
			p.raw(`<span class="lb-ok-word">✓ holds</span>`)
		} else {
			p.raw(`<span class="lb-failed-word">✗ fails</span>`)
		}
		p.raw(`</p>`)
	}
	p.raw(`</details>`)
	p.close("li")
}

// actorQuestion draws the map to pick an actor on, and the line that says
// which actor is picked.
func (p *printer) actorQuestion(id string, m *result.Map) {
	if m == nil || len(m.Actors) == 0 {
		p.raw(`<p>The cluster map for this question is missing.</p>`)
		return
	}
	p.raw(`<p class="lb-js lb-pick-hint">Pick the actor on the map: click it, or focus it and press Enter or Space.</p>`)
	p.open("figure", "class", "lb-map lb-pick", "id", id+"-map", "data-lb", "map", "data-pick", id)
	p.raw(`<div class="lb-map-scroll">`)
	p.drawMap(m, layoutMap(m), svgOptions{id: id + "-svg", label: "Cluster map: pick an actor"})
	p.raw(`</div></figure>`)
	p.open("p", "class", "lb-js lb-picked", "id", id+"-picked", "aria-live", "polite")
	p.raw(`No actor picked yet.</p>`)
}

// answerText is the answer in words: "Myth.", "the scheduler",
// "kubelets; the scheduler", or the picked actor's label.
func answerText(q *result.Question, choices []string, m *result.Map) string {
	if q.Kind == "which actor" {
		if a := m.Actor(q.Actor); a != nil {
			return a.Label
		}
		return q.Actor
	}
	var parts []string
	for _, c := range q.Correct {
		if c >= 0 && c < len(choices) {
			parts = append(parts, choices[c])
		}
	}
	if q.Kind == "myth or fact" && len(parts) == 1 {
		return parts[0] + "."
	}
	return strings.Join(parts, "; ")
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}
