package spec

import (
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/diag"
)

// Block is a parsed lesson block: *Scenario, *Failures, *Whatif, *Gates,
// *Quiz or *Map.
type Block interface {
	// Kind returns the block's info-string word ("scenario", …).
	Kind() string
	// BlockID returns the block's id.
	BlockID() Scalar[string]
	// BlockPos returns the position of the block's first key.
	BlockPos() diag.Pos
	// Check reports the names the block uses that v does not know; a nil
	// v is DefaultVocabulary().
	Check(v *Vocabulary) error
}

// blockKinds are the block kinds Parse reads, in the format's order.
var blockKinds = []string{"scenario", "failures", "whatif", "gates", "quiz", "map"}

// BlockKinds returns the block kinds Parse reads, in the format's order.
func BlockKinds() []string { return slices.Clone(blockKinds) }

// Parse parses the body of a fenced block of kind. at is the lesson
// position of the first character of the body's first line, so that
// every error names a line of the lesson. All errors found are returned
// together, as a diag.List; the block is returned as far as it could be
// read even then (for tools that show it), but must not be run.
func Parse(kind string, body []byte, at diag.Pos) (Block, error) {
	body = normalize(body)
	p := newParser(body, at)
	var read func(*yaml.Node) Block
	switch kind {
	case "scenario":
		read = func(n *yaml.Node) Block { return p.scenario(n) }
	case "failures":
		read = func(n *yaml.Node) Block { return p.failures(n) }
	case "whatif":
		read = func(n *yaml.Node) Block { return p.whatif(n) }
	case "gates":
		read = func(n *yaml.Node) Block { return p.gates(n) }
	case "quiz":
		read = func(n *yaml.Node) Block { return p.quiz(n) }
	case "map":
		read = func(n *yaml.Node) Block { return p.mapBlock(n) }
	default:
		p.errorf(p.pos(1, 1), "unknown block kind %q", kind).WithHint(diag.DidYouMean(kind, blockKinds))
		return nil, p.err()
	}
	root := p.decode(body, kind+" block")
	if root == nil {
		return nil, p.err()
	}
	b := read(root)
	return b, p.err()
}
