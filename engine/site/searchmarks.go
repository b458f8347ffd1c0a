package site

import (
	"html"
	"strings"

	"github.com/tdewolff/parse/v2"
	phtml "github.com/tdewolff/parse/v2/html"
)

// A searchMark is an element of a page's content that asked to be found by
// search. This is the hook through which lesson blocks add to the index
// without the site builder knowing them: a block renderer marks an element
//
//	<h3 id="create-deployment-step-2" data-search="Step">Authenticate</h3>
//	<p id="quiz-3" data-search="Quiz" data-search-text="choices…">Which actor…</p>
//
// and the element's text becomes an entry titled with it, of the kind the
// attribute names, linked to the element's id (or, without one, to the
// nearest id before it), with data-search-text as its prose.
type searchMark struct {
	Kind, Title, ID, Text string
}

// voidTags cannot hold text; a mark on one takes its title from
// data-search-text alone.
var voidTags = map[string]bool{"area": true, "br": true, "col": true, "embed": true, "hr": true, "img": true, "input": true, "source": true, "wbr": true}

// inlineTags do not separate words: text on either side of them runs on.
var inlineTags = map[string]bool{"a": true, "abbr": true, "b": true, "code": true, "em": true, "i": true, "kbd": true, "mark": true, "s": true, "small": true, "span": true, "strong": true, "sub": true, "sup": true, "u": true}

// scanSearchMarks finds the data-search elements of rendered HTML, in
// document order. Marks do not nest: a mark inside a mark is part of the
// outer one's text.
func scanSearchMarks(src []byte) []searchMark {
	if !strings.Contains(string(src), "data-search") {
		return nil
	}
	var (
		out     []searchMark
		lastID  string
		cur     *searchMark
		curTag  string
		depth   int
		text    strings.Builder
		tag     string
		attrs   map[string]string
		pending bool
	)
	finish := func() {
		cur.Title = collapse(text.String())
		if cur.Title == "" {
			cur.Title, cur.Text = cur.Text, ""
		}
		if cur.Title != "" {
			out = append(out, *cur)
		}
		cur = nil
		text.Reset()
	}
	open := func(void bool) {
		pending = false
		if id := attrs["id"]; id != "" {
			lastID = id
		}
		if cur != nil {
			if tag == curTag && !void {
				depth++
			}
			return
		}
		kind, ok := attrs["data-search"]
		if !ok || kind == "" {
			return
		}
		cur = &searchMark{Kind: kind, ID: lastID, Text: collapse(attrs["data-search-text"])}
		curTag, depth = tag, 0
		if void || voidTags[tag] {
			finish()
		}
	}
	l := phtml.NewLexer(parse.NewInputBytes(src))
	for {
		tt, data := l.Next()
		switch tt {
		case phtml.ErrorToken:
			if cur != nil {
				finish()
			}
			return out
		case phtml.StartTagToken:
			tag, attrs, pending = strings.ToLower(string(l.Text())), map[string]string{}, true
			if cur != nil && !inlineTags[tag] {
				text.WriteByte(' ')
			}
		case phtml.AttributeToken:
			if pending {
				attrs[strings.ToLower(string(l.AttrKey()))] = html.UnescapeString(strings.Trim(string(l.AttrVal()), `"'`))
			}
		case phtml.StartTagCloseToken:
			if pending {
				open(false)
			}
		case phtml.StartTagVoidToken:
			if pending {
				open(true)
			}
		case phtml.EndTagToken:
			end := strings.ToLower(string(l.Text()))
			if cur != nil && !inlineTags[end] {
				text.WriteByte(' ')
			}
			if cur != nil && end == curTag {
				if depth == 0 {
					finish()
				} else {
					depth--
				}
			}
		case phtml.TextToken:
			if cur != nil {
				text.WriteString(html.UnescapeString(string(data)))
			}
		}
	}
}

// collapse trims s and turns every run of white space into one space.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
