package diag

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

var yamlLine = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// FromYAML turns an error from gopkg.in/yaml.v3 into positioned errors.
// src is the YAML text and at the position of its first line in the file,
// so the line numbers point into the file, not the YAML block. yaml.v3 names
// only lines; the column is that of the line's first non-blank character.
func FromYAML(err error, src []byte, at Pos) List {
	if err == nil {
		return nil
	}
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	} else {
		msgs = []string{err.Error()}
	}
	lines := strings.Split(string(src), "\n")
	var out List
	for _, m := range msgs {
		pos := Pos{File: at.File, Line: at.Line, Col: 1}
		msg := strings.TrimPrefix(m, "yaml: ")
		if sm := yamlLine.FindStringSubmatch(m); sm != nil {
			n, _ := strconv.Atoi(sm[1])
			msg = sm[2]
			if isParserError(msg) {
				// yaml.v3 numbers the lines of its parser errors from 0,
				// those of its scanner errors from 1.
				n++
			}
			pos.Line = at.Line + n - 1
			if n-1 < len(lines) {
				pos.Col = firstNonBlank(lines[n-1])
			}
		}
		out = append(out, &Error{Pos: pos, Phase: "yaml", Msg: "invalid YAML: " + msg, Hint: yamlHint(msg)})
	}
	return out
}

// yamlHint explains YAML's sharpest edges in the author's terms.
func yamlHint(msg string) string {
	switch {
	case strings.Contains(msg, "mapping values are not allowed"):
		return `a ": " inside an unquoted value starts a new mapping; put the value in double quotes`
	case strings.Contains(msg, "did not find expected ',' or ']'"),
		strings.Contains(msg, "did not find expected ',' or '}'"):
		return `a "[", "{" or "," inside a flow list or map needs quoting; put the item in double quotes`
	case strings.Contains(msg, "found character that cannot start any token"),
		strings.Contains(msg, "tab character"):
		return "tabs cannot indent YAML; use spaces"
	case strings.Contains(msg, "did not find expected key"):
		return "check the indentation of this line against the lines above it"
	case strings.Contains(msg, "found undefined alias"), strings.Contains(msg, "unknown anchor"):
		return `a value starting with "*" or "&" is read as an alias or anchor; quote it`
	}
	return ""
}

// NodePos returns the position of a yaml.v3 node inside a file whose YAML
// text starts at line at.Line.
func NodePos(n *yaml.Node, at Pos) Pos {
	return Pos{File: at.File, Line: at.Line + n.Line - 1, Col: n.Column}
}

func firstNonBlank(s string) int {
	for i, r := range s {
		if r != ' ' {
			return i + 1
		}
	}
	return 1
}

// parserErrors are the messages of yaml.v3's parser, as opposed to its
// scanner: the ones whose line yaml.v3 counts from 0.
var parserErrors = []string{
	"did not find expected key", "did not find expected ',' or ']'", "did not find expected ',' or '}'",
	"did not find expected '-' indicator", "did not find expected node content", "did not find expected <document start>",
	"did not find expected <stream-start>", "found duplicate %YAML directive", "found incompatible YAML document",
	"found duplicate %TAG directive", "found undefined tag handle",
}

func isParserError(msg string) bool {
	for _, m := range parserErrors {
		if strings.Contains(msg, m) {
			return true
		}
	}
	return false
}
