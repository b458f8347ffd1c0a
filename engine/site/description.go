package site

import (
	"html"
	"strings"
	"unicode/utf8"

	"github.com/tdewolff/parse/v2"
	phtml "github.com/tdewolff/parse/v2/html"
)

// descriptionMax is the length in characters beyond which a description
// taken from a page's text is cut at a word, as search engines show about
// this much.
const descriptionMax = 160

// firstParagraph returns the plain text of the first <p> of rendered HTML,
// white space collapsed and cut to descriptionMax characters at a word
// boundary with "…". It is "" when the HTML has no paragraph with text.
func firstParagraph(src []byte) string {
	l := phtml.NewLexer(parse.NewInputBytes(src))
	var b strings.Builder
	in, depth := false, 0
	for {
		tt, data := l.Next()
		switch tt {
		case phtml.ErrorToken:
			return cutWords(collapse(b.String()), descriptionMax)
		case phtml.StartTagToken:
			if strings.EqualFold(string(l.Text()), "p") {
				if in {
					depth++
				}
				in = true
			}
		case phtml.EndTagToken:
			if in && strings.EqualFold(string(l.Text()), "p") {
				if depth > 0 {
					depth--
					continue
				}
				if t := collapse(b.String()); t != "" {
					return cutWords(t, descriptionMax)
				}
				in = false
				b.Reset()
			}
		case phtml.TextToken:
			if in {
				b.WriteString(html.UnescapeString(string(data)))
			}
		}
	}
}

// cutWords shortens s to at most n characters, ending at a word and
// marked with "…".
func cutWords(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n-1]
	cut := string(r)
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:.") + "…"
}
