package site

import (
	"path"
	"regexp"
	"strings"

	"github.com/loopbook/loopbook/engine/markdown"
)

// Kind says what a page is and which layout renders it.
type Kind int

// The page kinds, each rendered by the layout of the same name.
const (
	KindHome     Kind = iota // content/_index.md → index.html
	KindSection              // a folder's _index.md → SECTION/index.html
	KindLesson               // a Markdown file under lessons/
	KindPage                 // a Markdown file under content/
	KindPrint                // print.html: every page in reading order
	KindNotFound             // 404.html
)

var kindNames = [...]string{"home", "section", "lesson", "page", "print", "404"}

// String returns the layout name of the kind.
func (k Kind) String() string { return kindNames[k] }

// Page is one source page and, after the build, its converted content.
type Page struct {
	Kind   Kind
	Source string // slash path relative to the site root, e.g. lessons/01-actors/01-who.md
	Front  FrontMatter
	Body   []byte // Markdown after the front matter
	Line   int    // line of Source on which Body starts
	Slug   string
	Out    string // slash path of the output file, e.g. actors/who.html

	Parent   *Page
	Children []*Page // sections only, in reading order

	// Content is the converted Markdown, set by the build.
	Content *markdown.Result
	// hash of the source bytes, to reuse Content across rebuilds.
	hash [32]byte
}

// IsSection reports whether the page is a folder's _index.md (the home page
// included).
func (p *Page) IsSection() bool { return p.Kind == KindHome || p.Kind == KindSection }

// Dir is the output folder of a section's children ("" at the root).
func (p *Page) Dir() string {
	if d := path.Dir(p.Out); d != "." {
		return d
	}
	return ""
}

var numericPrefix = regexp.MustCompile(`^[0-9]+[-_.]`)

// Slugify turns a file or folder name into its slug: the extension and a
// numeric ordering prefix ("01-", "2_", "003.") are dropped, the rest is
// kept as written. "01-who-talks.md" → "who-talks".
func Slugify(name string) string {
	name = strings.TrimSuffix(name, path.Ext(name))
	if s := numericPrefix.ReplaceAllString(name, ""); s != "" {
		return s
	}
	return name
}
