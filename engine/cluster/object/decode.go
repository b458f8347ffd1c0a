package object

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"

	"gopkg.in/yaml.v3"
)

// Position is a 1-based line and column in a YAML source.
type Position struct {
	Line   int
	Column int
}

// DecodeError is a YAML or conversion failure with its position.
type DecodeError struct {
	Doc int // 0-based document index in the stream
	Pos Position
	Err error
}

func (e *DecodeError) Error() string {
	if e.Pos.Line == 0 {
		return e.Err.Error()
	}
	if e.Pos.Column == 0 {
		return fmt.Sprintf("line %d: %v", e.Pos.Line, e.Err)
	}
	return fmt.Sprintf("line %d, column %d: %v", e.Pos.Line, e.Pos.Column, e.Err)
}

func (e *DecodeError) Unwrap() error { return e.Err }

// Document is one YAML document of a stream.
type Document struct {
	Index int
	// Pos is where the document's top-level mapping starts.
	Pos Position
	// Raw is the whole tree as written; the API server checks it with
	// CheckFields before it becomes an Object.
	Raw map[string]any
	// Object is Raw as an Object; nil when Err is set.
	Object *Object
	// Err is a conversion failure (missing kind, bad metadata types).
	Err  error
	root *yaml.Node
}

// Limits that keep hostile input (alias bombs, deep nesting) cheap.
const (
	maxYAMLDepth = 200
	maxYAMLNodes = 1 << 18
)

// DecodeYAML decodes a stream of YAML (or JSON) documents separated by
// "---". Empty documents are skipped, as kubectl skips them. Scalars are
// resolved as kubectl resolves them before sending JSON: YAML 1.1 booleans
// (yes, no, on, off) in plain style are booleans, integers that fit int64
// are int64, other numbers float64, timestamps stay strings.
//
// A syntax error stops the stream: the documents before it are returned
// with the error. A document that decodes but cannot become an Object is
// returned with Err set.
func DecodeYAML(data []byte) ([]*Document, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []*Document
	for i := 0; ; i++ {
		var node yaml.Node
		err := dec.Decode(&node)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return docs, yamlError(len(docs), err)
		}
		root := &node
		if root.Kind == yaml.DocumentNode {
			if len(root.Content) == 0 {
				continue
			}
			root = root.Content[0]
		}
		if root.Kind == yaml.ScalarNode && root.ShortTag() == "!!null" {
			continue // a document of only comments
		}
		d := &Document{Index: len(docs), Pos: Position{root.Line, root.Column}, root: root}
		conv := &converter{}
		v, err := conv.value(root, 0)
		if err != nil {
			return docs, &DecodeError{Doc: d.Index, Pos: conv.pos, Err: err}
		}
		m, ok := v.(map[string]any)
		if !ok {
			return docs, &DecodeError{Doc: d.Index, Pos: d.Pos, Err: fmt.Errorf("a document must be a mapping, not a %s", jsonKindOf(v))}
		}
		d.Raw = m
		d.Object, d.Err = documentObject(d, m)
		docs = append(docs, d)
	}
}

func documentObject(d *Document, m map[string]any) (*Object, error) {
	tree := make(map[string]any, len(m))
	for k, v := range m {
		tree[k] = DeepCopyValue(v)
	}
	o, err := FromMap(tree)
	if err != nil {
		var te *TypeError
		pos := d.Pos
		if errors.As(err, &te) {
			pos = d.Position(te.Field)
		}
		return nil, &DecodeError{Doc: d.Index, Pos: pos, Err: err}
	}
	var missing []string
	if o.APIVersion == "" {
		missing = append(missing, "apiVersion not set")
	}
	if o.Kind == "" {
		missing = append(missing, "kind not set")
	}
	if len(missing) > 0 {
		// kubectl's client-side wording: error validating data: [apiVersion not set, kind not set]
		msg := missing[0]
		if len(missing) > 1 {
			msg = "[" + missing[0] + ", " + missing[1] + "]"
		}
		return nil, &DecodeError{Doc: d.Index, Pos: d.Pos, Err: errors.New(msg)}
	}
	return o, nil
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

func yamlError(doc int, err error) error {
	if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &DecodeError{Doc: doc, Pos: Position{Line: line}, Err: errors.New(m[2])}
	}
	return &DecodeError{Doc: doc, Err: err}
}

// Position returns where the value at path (see ParsePath; Kubernetes'
// field error notation works) is written, or the nearest enclosing position
// that exists.
func (d *Document) Position(path string) Position {
	best := d.Pos
	p, err := ParsePath(path)
	if err != nil || d.root == nil {
		return best
	}
	n := d.root
	for _, s := range p {
		n = deref(n)
		var next *yaml.Node
		var at Position
		switch {
		case s.Kind == StepField && n.Kind == yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == s.Name {
					next, at = n.Content[i+1], Position{n.Content[i].Line, n.Content[i].Column}
					break
				}
			}
		case s.Kind == StepIndex && n.Kind == yaml.SequenceNode:
			if s.Index < len(n.Content) {
				next = n.Content[s.Index]
				at = Position{next.Line, next.Column}
			}
		case s.Kind == StepMatch && n.Kind == yaml.SequenceNode:
			for _, item := range n.Content {
				item := deref(item)
				if item.Kind != yaml.MappingNode {
					continue
				}
				for i := 0; i+1 < len(item.Content); i += 2 {
					if item.Content[i].Value == s.Key && deref(item.Content[i+1]).Value == s.Value {
						next, at = item, Position{item.Line, item.Column}
					}
				}
				if next != nil {
					break
				}
			}
		}
		if next == nil {
			return best
		}
		best, n = at, next
	}
	return best
}

func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < maxYAMLDepth; i++ {
		n = n.Alias
	}
	return n
}
