package spec

import (
	"fmt"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/diag"
)

func (p *parser) quiz(n *yaml.Node) *Quiz {
	q := &Quiz{Pos: p.nodePos(n)}
	p.fields(n, "quiz", []field{
		{"id", func(_, v *yaml.Node) { q.ID = p.id(v) }},
		{"title", func(_, v *yaml.Node) { q.Title = p.str(v, "title") }},
		{"questions", func(_, v *yaml.Node) {
			for _, c := range p.items(v, "questions") {
				q.Questions = append(q.Questions, p.question(c))
			}
		}},
	}, "id", "questions")
	return q
}

func (p *parser) question(n *yaml.Node) Question {
	q := Question{Pos: p.nodePos(n)}
	var kind, answer *yaml.Node
	ok := p.fields(n, "question", []field{
		{"statement", func(_, v *yaml.Node) { q.Statement = p.str(v, "statement") }},
		{"kind", func(_, v *yaml.Node) { kind = v }},
		{"choices", func(_, v *yaml.Node) { q.Choices = p.strs(v, "choices") }},
		{"answer", func(_, v *yaml.Node) { answer = v }},
		{"explain", func(_, v *yaml.Node) { q.Explain = p.str(v, "explain") }},
		{"proof", func(_, v *yaml.Node) { q.Proof = p.proof(v) }},
	}, "statement", "answer")
	if !ok || answer == nil {
		return q
	}
	q.Kind = p.questionKind(kind, answer, len(q.Choices) > 0)
	switch q.Kind {
	case MythOrFact, WhichActor:
		if len(q.Choices) > 0 {
			p.nodeErr(kind, "a %q question has no choices", q.Kind).WithHint(`remove "choices", or the "kind"`)
			return q
		}
		if q.Kind == MythOrFact {
			q.Answer = p.oneOf(answer, "answer", []string{"myth", "fact"})
		} else {
			q.Answer = p.str(answer, "answer")
			if q.Answer.IsSet() && !validActor(q.Answer.Value) {
				p.nodeErr(answer, "%q is not an actor", q.Answer.Value)
			}
		}
	case SingleChoice, MultipleChoice:
		p.choiceAnswer(&q, answer)
	}
	return q
}

// questionKind returns the kind written, or the one the question's shape
// implies.
func (p *parser) questionKind(kind, answer *yaml.Node, choices bool) QuestionKind {
	if kind != nil {
		s := p.str(kind, "kind")
		for k, name := range questionKindNames {
			if k > 0 && name == s.Value {
				return QuestionKind(k)
			}
		}
		if s.IsSet() {
			p.nodeErr(kind, "unknown question kind %q", s.Value).WithHint(diag.DidYouMean(s.Value, questionKindNames[1:]))
		}
		return 0
	}
	switch {
	case choices && answer.Kind == yaml.SequenceNode:
		return MultipleChoice
	case choices:
		return SingleChoice
	}
	return MythOrFact
}

// choiceAnswer reads the answer of a choice question: a choice's number
// (from 1) or its text, or a list of them.
func (p *parser) choiceAnswer(q *Question, answer *yaml.Node) {
	if len(q.Choices) < 2 {
		p.nodeErr(answer, "a choice question needs at least two choices").WithHint(`list them under "choices"`)
		return
	}
	items := []*yaml.Node{answer}
	if answer.Kind == yaml.SequenceNode {
		if q.Kind == SingleChoice {
			p.nodeErr(answer, "a single-choice question has one answer").WithHint(`write kind: multiple choice for several`)
			return
		}
		items = p.items(answer, "answer")
	}
	if answer.Kind == yaml.ScalarNode {
		q.Answer = p.str(answer, "answer")
	}
	texts := make([]string, len(q.Choices))
	for i, c := range q.Choices {
		texts[i] = c.Value
	}
	for _, it := range items {
		i := -1
		if it.Kind == yaml.ScalarNode && it.Tag == "!!int" {
			n, err := strconv.Atoi(it.Value)
			if err != nil || n < 1 || n > len(texts) {
				p.nodeErr(it, "answer %s is not a choice", it.Value).
					WithHint(fmt.Sprintf("choices are numbered from 1 to %d", len(texts)))
				continue
			}
			i = n - 1
		} else if s := p.str(it, "answer"); s.IsSet() {
			if i = slices.Index(texts, s.Value); i < 0 {
				p.nodeErr(it, "answer %q is none of the choices", s.Value).WithHint(nearOrList(s.Value, texts, "choices"))
				continue
			}
		} else {
			continue
		}
		if slices.Contains(q.Correct, i) {
			p.nodeErr(it, "choice %d is answered twice", i+1)
			continue
		}
		q.Correct = append(q.Correct, i)
	}
	if len(items) == 0 {
		p.nodeErr(answer, "the answer list is empty")
	}
}

func (p *parser) proof(n *yaml.Node) *Proof {
	pr := &Proof{Pos: p.nodePos(n)}
	p.fields(n, "proof", []field{
		{"scenario", func(_, v *yaml.Node) { pr.Scenario = p.id(v) }},
		{"claim", func(_, v *yaml.Node) { pr.Claim = p.claimOf(v, "claim") }},
	}, "scenario", "claim")
	return pr
}
