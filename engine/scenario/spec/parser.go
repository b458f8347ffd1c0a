package spec

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/diag"
)

// parser reads one block body (or fixture file) and collects its errors.
// Every position it reports is a lesson position: body line 1, column 1 is
// at; columns add at.Col - 1, the indentation of a block inside a list
// item or a block quote.
type parser struct {
	at    diag.Pos
	col   int
	lines [][]rune
	errs  diag.List
	// bad holds nodes already reported (aliases), so that no second
	// error is piled on them.
	bad map[*yaml.Node]bool
}

// newParser returns a parser for body, whose line breaks must have been
// normalised (see normalize).
func newParser(body []byte, at diag.Pos) *parser {
	at.Line = max(at.Line, 1)
	return &parser{at: at, col: max(at.Col, 1), lines: splitLines(body), bad: map[*yaml.Node]bool{}}
}

// normalize makes YAML see the lines the lesson has: "\r\n" and a lone
// "\r" end a line, as in Markdown, and become "\n"; the characters YAML
// alone takes for line breaks (U+0085, U+2028, U+2029) become spaces, so
// that YAML's line numbers are the file's.
func normalize(body []byte) []byte {
	s := strings.ReplaceAll(string(body), "\r\n", "\n")
	return []byte(strings.NewReplacer("\r", "\n", "\u0085", " ", "\u2028", " ", "\u2029", " ").Replace(s))
}

// pos returns the lesson position of body line line, column col.
func (p *parser) pos(line, col int) diag.Pos {
	return diag.Pos{File: p.at.File, Line: p.at.Line + max(line, 1) - 1, Col: p.col + max(col, 1) - 1}
}

// nodePos returns the lesson position of a node.
func (p *parser) nodePos(n *yaml.Node) diag.Pos { return p.pos(n.Line, n.Column) }

// errorf records an error at pos and returns it so that a hint can be set.
func (p *parser) errorf(pos diag.Pos, format string, args ...any) *diag.Error {
	e := diag.Errorf(pos, format, args...)
	e.Phase = "parse"
	p.errs = append(p.errs, e)
	return e
}

// nodeErr records an error at a node.
func (p *parser) nodeErr(n *yaml.Node, format string, args ...any) *diag.Error {
	return p.errorf(p.nodePos(n), format, args...)
}

// add records errors found by a sub-parser.
func (p *parser) add(l diag.List) {
	for _, e := range l {
		if e.Phase == "" {
			e.Phase = "parse"
		}
	}
	p.errs = append(p.errs, l...)
}

// err returns the collected errors, sorted, or nil.
func (p *parser) err() error { return p.errs.Err() }

// decode reads body as one YAML document and returns its root node, or nil
// after recording why it could not.
func (p *parser) decode(body []byte, what string) (root *yaml.Node) {
	defer func() {
		if r := recover(); r != nil {
			p.errorf(p.pos(1, 1), "invalid YAML in %s: %v", what, r)
			root = nil
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(body))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			p.errorf(p.pos(1, 1), "empty %s", what)
			return nil
		}
		p.yamlErr(err, body)
		return nil
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == nil:
		p.errorf(p.pos(max(next.Line-1, 1), 1), "%s holds more than one YAML document", what).
			WithHint(`remove the "---" line, or put the extra YAML inside a "|" text value`)
	case !errors.Is(err, io.EOF):
		p.yamlErr(err, body)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		p.errorf(p.pos(1, 1), "empty %s", what)
		return nil
	}
	p.markAliases(doc.Content[0])
	return doc.Content[0]
}

// yamlErr records a yaml.v3 error with diag's hints, moved to the
// lesson's columns.
func (p *parser) yamlErr(err error, body []byte) {
	for _, e := range diag.FromYAML(err, body, diag.Pos{File: p.at.File, Line: p.at.Line}) {
		switch {
		case strings.Contains(e.Msg, "did not find expected key"), strings.Contains(e.Msg, "did not find expected '-' indicator"):
			e.Hint = "a line of the mapping or list that starts here is not indented like its other entries"
		case strings.Contains(e.Msg, "did not find expected alphabetic or numeric character") && e.Hint == "":
			e.Hint = `a value starting with "*" or "&" is read as an alias or anchor; put the value in double quotes`
		}
		e.Pos.Col += p.col - 1
		e.Pos.Line = max(e.Pos.Line, 1)
		p.errs = append(p.errs, e)
	}
}

// markAliases reports every alias: a value written elsewhere has no
// position of its own in the lesson, so lesson blocks spell values out.
func (p *parser) markAliases(n *yaml.Node) {
	if n.Kind == yaml.AliasNode {
		p.bad[n] = true
		p.nodeErr(n, "aliases (*%s) are not supported in lesson blocks", n.Value).
			WithHint(`write the value out; a value starting with "*" must be quoted`)
		return
	}
	for _, c := range n.Content {
		p.markAliases(c)
	}
}

// describe names a node's YAML type for messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	return fmt.Sprintf("%q", n.Value)
}
