package markdown

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
)

// slugger hands out the ids of one page. It implements goldmark's
// parser.IDs with GitHub's rules: the text is lower-cased, letters,
// digits, marks, '-' and '_' are kept in any script, spaces become '-',
// everything else is dropped; a slug already taken gets "-1", "-2", … (the
// first free one). Text that leaves nothing becomes "heading" (or "block"
// for kinds' ids). The result depends only on the order of the calls.
type slugger struct {
	used map[string]bool
	next map[string]int // the next suffix to try for a base slug
}

func newSlugger() *slugger {
	return &slugger{used: map[string]bool{}, next: map[string]int{}}
}

// Generate returns a fresh unique id for value and marks it used.
func (s *slugger) Generate(value []byte, kind ast.NodeKind) []byte {
	base := slug(string(value))
	if base == "" {
		base = "heading"
		if kind != ast.KindHeading {
			base = "block"
		}
	}
	id := base
	for s.used[id] {
		s.next[base]++
		id = base + "-" + strconv.Itoa(s.next[base])
	}
	s.used[id] = true
	return []byte(id)
}

// Put marks value used, as an explicit {#id} does.
func (s *slugger) Put(value []byte) {
	s.used[string(value)] = true
}

// taken reports whether id is already used.
func (s *slugger) taken(id string) bool {
	return s.used[id]
}

// slug turns heading text into an id as GitHub does: every white-space
// character becomes '-' and dropped punctuation leaves its neighbours'
// spaces in place, so "Pods & Nodes" gives "pods--nodes". Leading and
// trailing white space is ignored.
func slug(text string) string {
	text = strings.TrimSpace(text)
	var b strings.Builder
	b.Grow(len(text))
	for _, r := range strings.ToLower(text) {
		switch {
		case unicode.IsSpace(r):
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || unicode.Is(unicode.Nl, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
