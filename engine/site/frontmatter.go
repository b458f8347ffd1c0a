package site

import (
	"bytes"

	"github.com/loopbook/loopbook/engine/diag"
	"gopkg.in/yaml.v3"
)

// FrontMatter is the YAML header of a page.
type FrontMatter struct {
	Title       string // required
	Weight      int    // order among siblings; default 0, then by file name
	Summary     string
	Question    string // the question a lesson answers
	Description string // for search engines; default: the summary
	Draft       bool   // skipped unless the build asks for drafts
}

// SplitFrontMatter separates a leading YAML block delimited by "---" lines
// from the Markdown body. It returns the YAML, the body and the 1-based line
// on which the body starts. A file without front matter returns nil YAML.
// An opening "---" without a closing one is an error at line 1.
func SplitFrontMatter(src []byte) (front, body []byte, bodyLine int, err error) {
	first, rest, ok := cutLine(src)
	if !ok && len(first) == 0 || !isDelimiter(first) {
		return nil, src, 1, nil
	}
	line := 2
	start := len(src) - len(rest)
	for len(rest) > 0 {
		l, r, _ := cutLine(rest)
		if isDelimiter(l) {
			end := len(src) - len(rest)
			return src[start:end], r, line + 1, nil
		}
		rest = r
		line++
	}
	return nil, nil, 0, &diag.Error{Pos: diag.Pos{Line: 1, Col: 1}, Msg: `front matter opened with "---" is never closed`,
		Hint: `end it with a line of "---" before the Markdown starts`}
}

func cutLine(b []byte) (line, rest []byte, found bool) {
	i := bytes.IndexByte(b, '\n')
	if i < 0 {
		return bytes.TrimSuffix(b, []byte("\r")), nil, false
	}
	return bytes.TrimSuffix(b[:i], []byte("\r")), b[i+1:], true
}

func isDelimiter(l []byte) bool {
	return string(bytes.TrimRight(l, " \t")) == "---"
}

// ParseFrontMatter splits and decodes a page's front matter. file names the
// page in errors; a page must have a title.
func ParseFrontMatter(file string, src []byte) (fm FrontMatter, body []byte, bodyLine int, err error) {
	front, body, bodyLine, err := SplitFrontMatter(src)
	if err != nil {
		e := err.(*diag.Error)
		e.Pos.File = file
		return fm, nil, 0, e
	}
	if front == nil {
		return fm, nil, 0, diag.Errorf(diag.Pos{File: file, Line: 1, Col: 1}, "page has no front matter").
			WithHint("start the file with ---, a line such as title: My page, and ---")
	}
	at := diag.Pos{File: file, Line: 2}
	var doc yaml.Node
	if err := yaml.Unmarshal(front, &doc); err != nil {
		return fm, nil, 0, diag.FromYAML(err, front, at).Err()
	}
	fields := map[string]field{
		"title":       stringField("title", &fm.Title),
		"weight":      intField("weight", &fm.Weight),
		"summary":     stringField("summary", &fm.Summary),
		"question":    stringField("question", &fm.Question),
		"description": stringField("description", &fm.Description),
		"draft":       boolField("draft", &fm.Draft),
	}
	errs := decodeMapping(&doc, at, "front matter", fields)
	if fm.Title == "" && len(errs) == 0 {
		errs = append(errs, diag.Errorf(diag.Pos{File: file, Line: 1, Col: 1}, "front matter has no title").
			WithHint("add a line such as: title: My page"))
	}
	if err := errs.Err(); err != nil {
		return fm, nil, 0, err
	}
	return fm, body, bodyLine, nil
}
