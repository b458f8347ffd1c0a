package spec

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/diag"
)

// Quiz is a set of questions with instant feedback; every question about
// cluster behaviour should carry a proof, checked at build.
type Quiz struct {
	Pos       diag.Pos
	ID        Scalar[string]
	Title     Scalar[string]
	Questions []Question
}

// QuestionKind is how a question is answered.
type QuestionKind uint8

// The question kinds. A question without "kind" is MythOrFact, or
// SingleChoice / MultipleChoice when it has choices (multiple when its
// answer is a list).
const (
	_ QuestionKind = iota
	MythOrFact
	SingleChoice
	MultipleChoice
	WhichActor
)

var questionKindNames = [...]string{MythOrFact: "myth or fact", SingleChoice: "choice", MultipleChoice: "multiple choice", WhichActor: "which actor"}

// String returns the kind as written in a quiz.
func (k QuestionKind) String() string {
	if k == 0 || int(k) >= len(questionKindNames) {
		return fmt.Sprintf("QuestionKind(%d)", uint8(k))
	}
	return questionKindNames[k]
}

// Question is one question of a quiz.
type Question struct {
	Pos       diag.Pos
	Statement Scalar[string]
	Kind      QuestionKind
	// Choices of a choice question, in order.
	Choices []Scalar[string]
	// Answer is "myth" or "fact" for MythOrFact, the actor id for
	// WhichActor; for choice questions, the answer as written.
	Answer Scalar[string]
	// Correct holds the 0-based indices of the correct choices (authors
	// number choices from 1).
	Correct []int
	Explain Scalar[string]
	Proof   *Proof
}

// Proof is a claim against a named scenario that backs a question's
// answer.
type Proof struct {
	Pos      diag.Pos
	Scenario Scalar[string]
	Claim    Claim
}

// Kind returns "quiz".
func (*Quiz) Kind() string { return "quiz" }

// BlockID returns the block's id.
func (q *Quiz) BlockID() Scalar[string] { return q.ID }

// BlockPos returns the position of the block's first key.
func (q *Quiz) BlockPos() diag.Pos { return q.Pos }
