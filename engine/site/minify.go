package site

import (
	"regexp"
	"strings"

	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/css"
	"github.com/tdewolff/minify/v2/html"
	"github.com/tdewolff/minify/v2/js"
	"github.com/tdewolff/minify/v2/svg"
	"github.com/tdewolff/minify/v2/xml"
)

// minifier minifies the site's HTML, CSS, JS, SVG and XML. It is safe for
// concurrent use.
type minifier struct {
	m *minify.M
}

func newMinifier() *minifier {
	m := minify.New()
	// Document tags, end tags and quotes are kept: the output stays valid
	// for any HTML parser and easy to read in a browser's source view.
	m.Add("text/html", &html.Minifier{KeepDocumentTags: true, KeepEndTags: true, KeepQuotes: true})
	m.AddFunc("text/css", css.Minify)
	m.AddFunc("image/svg+xml", svg.Minify)
	m.AddFuncRegexp(regexp.MustCompile("^(application|text)/(x-)?(java|ecma)script$"), js.Minify)
	m.AddFuncRegexp(regexp.MustCompile("[/+]xml$"), xml.Minify)
	return &minifier{m: m}
}

// mimeOf returns the media type minify uses for a file name, or "".
func mimeOf(name string) string {
	switch {
	case strings.HasSuffix(name, ".html"):
		return "text/html"
	case strings.HasSuffix(name, ".css"):
		return "text/css"
	case strings.HasSuffix(name, ".js"):
		return "application/javascript"
	case strings.HasSuffix(name, ".svg"):
		return "image/svg+xml"
	case strings.HasSuffix(name, ".xml"):
		return "application/xml"
	}
	return ""
}

// bytes minifies b as the type of name; files of other types, and a nil
// minifier, leave b unchanged.
func (m *minifier) bytes(name string, b []byte) ([]byte, error) {
	mt := mimeOf(name)
	if m == nil || mt == "" {
		return b, nil
	}
	// Bytes reads b in place; a reader would be copied first.
	return m.m.Bytes(mt, b)
}
