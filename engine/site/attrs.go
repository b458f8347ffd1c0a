package site

import "strings"

// replaceAttrs rewrites, left to right, each ` NAME="VALUE"` in html whose
// NAME is one of names and whose VALUE take accepts (nil: any): the
// matches the regular expression ` (NAME1|NAME2|…)="([^"]*)"` finds,
// without the cost of one, or with fileRef ` (NAME1|…)="([^"#][^"]*)"`.
// repl returns the text that replaces the match m.
func replaceAttrs(html string, names []string, take func(value string) bool, repl func(m, name, value string) string) string {
	var b strings.Builder
	last := 0
	for i := 0; ; {
		j := strings.IndexByte(html[i:], ' ')
		if j < 0 {
			break
		}
		i += j
		name, start := attrAt(html, i+1, names)
		if name == "" {
			i++
			continue
		}
		end := strings.IndexByte(html[start:], '"')
		if end < 0 {
			break // no closing quote here means none further on either
		}
		end += start
		if take != nil && !take(html[start:end]) {
			i++ // not a match here; one may start inside the value
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(html) + len(html)/8)
		}
		b.WriteString(html[last:i])
		b.WriteString(repl(html[i:end+1], name, html[start:end]))
		i, last = end+1, end+1
	}
	if last == 0 {
		return html
	}
	b.WriteString(html[last:])
	return b.String()
}

// attrAt is the first of names that html spells at i followed by `="`,
// with the position where its value starts; "" when none is.
func attrAt(html string, i int, names []string) (string, int) {
	for _, n := range names {
		if strings.HasPrefix(html[i:], n) && strings.HasPrefix(html[i+len(n):], `="`) {
			return n, i + len(n) + 2
		}
	}
	return "", 0
}

// fileRef reports whether a reference's value may name a file: it is
// neither empty nor a fragment of the page itself.
func fileRef(value string) bool { return value != "" && value[0] != '#' }
