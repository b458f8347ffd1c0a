package site

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path"
	"strings"
)

// SearchGlobal is the name of the global variable the search index script
// sets. The index is a script, not JSON, because a browser refuses fetch()
// of a file from file:// but runs a script from there.
const SearchGlobal = "loopbookSearch"

// SearchEntry is one thing search can find. A page gives one entry for
// itself and one per h2/h3 heading; lesson blocks give more through the
// data-search attribute (see scanSearchMarks).
type SearchEntry struct {
	// Kind says what the entry is: "" for a page, "Heading", or the label a
	// block gave (such as "Step", "Quiz" or "Term").
	Kind string
	// Title is the entry's own title: the page's, the heading's, the
	// block element's text.
	Title string
	// Section is where the entry lives, for the result list: the page's
	// sections from the top down, joined with " › ", then the page's own
	// title for entries inside a page. "" for top-level pages.
	Section string
	// URL is the output path of the page, relative to the site root, with
	// "#id" for an entry inside it.
	URL string
	// Text is the entry's prose, white space collapsed; may be empty.
	Text string
}

// MarshalJSON writes the entry as a five-element array, which keeps the
// index small: [kind, title, section, url, text].
func (e SearchEntry) MarshalJSON() ([]byte, error) {
	return json.Marshal([5]string{e.Kind, e.Title, e.Section, e.URL, e.Text})
}

// searchEntries lists the entries of every page, in reading order.
func searchEntries(pages []*Page) []SearchEntry {
	var out []SearchEntry
	for _, p := range pages {
		section := pageSection(p)
		var text string
		if p.Content != nil {
			text = p.Content.Text
		}
		out = append(out, SearchEntry{Title: p.Front.Title, Section: section, URL: p.Out, Text: text})
		if p.Content == nil {
			continue
		}
		inner := joinSection(section, p.Front.Title)
		for _, h := range p.Content.TOC {
			out = append(out, SearchEntry{Kind: "Heading", Title: h.Title, Section: inner, URL: p.Out + "#" + h.ID})
		}
		for _, m := range scanSearchMarks(p.Content.HTML) {
			u := p.Out
			if m.ID != "" {
				u += "#" + m.ID
			}
			out = append(out, SearchEntry{Kind: m.Kind, Title: m.Title, Section: inner, URL: u, Text: m.Text})
		}
	}
	return out
}

// pageSection names the sections above p, home excluded.
func pageSection(p *Page) string {
	var parts []string
	for a := p.Parent; a != nil && a.Kind != KindHome; a = a.Parent {
		parts = append([]string{a.Front.Title}, parts...)
	}
	return strings.Join(parts, " › ")
}

func joinSection(section, title string) string {
	if section == "" {
		return title
	}
	return section + " › " + title
}

// searchIndexJS renders the entries as the index script.
func searchIndexJS(entries []SearchEntry) ([]byte, error) {
	if entries == nil {
		entries = []SearchEntry{}
	}
	data, err := json.Marshal(entries)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.Grow(len(data) + 64)
	b.WriteString("window.")
	b.WriteString(SearchGlobal)
	b.WriteString("=")
	b.Write(data)
	b.WriteString(";\n")
	return []byte(b.String()), nil
}

// searchIndexFile builds the fingerprinted index script of the site.
func searchIndexFile(pages []*Page) (File, error) {
	data, err := searchIndexJS(searchEntries(pages))
	if err != nil {
		return File{}, err
	}
	sum := sha256.Sum256(data)
	return File{Path: path.Join(AssetsDir, "search-index."+hex.EncodeToString(sum[:5])+".js"), Data: data}, nil
}
