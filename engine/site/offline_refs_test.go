package site

import (
	"regexp"
	"strings"
	"testing"
)

// offlineRef is the expression replaceFileRefs stands for.
var offlineRef = regexp.MustCompile(` (href|src)="([^"#][^"]*)"`)

// replaceFileRefsByExpression is replaceFileRefs done with offlineRef.
func replaceFileRefsByExpression(html string, repl func(m, attr, value string) string) string {
	return offlineRef.ReplaceAllStringFunc(html, func(m string) string {
		sm := offlineRef.FindStringSubmatch(m)
		return repl(m, sm[1], sm[2])
	})
}

// markRef marks a reference as replaced, with what it was given.
func markRef(m, attr, value string) string { return "[" + attr + "|" + value + "|" + m + "]" }

var fileRefCases = []string{
	``,
	`<p>no references</p>`,
	`<a href="basics/first.html#top">x</a> <img src="map.svg">`,
	`<a href="#frag"> <a href=""> <a href="x`,
	` href="a" src="b"`,
	`<a  href="two spaces">`,
	`<a href=" src="x"">`,
	`<a data-href="no">`,
	"<img src=\"\xffé.png\"> ",
	`<link rel="stylesheet" href="assets/s.css"><script src="assets/a.js"></script>`,
	` href=`,
	` src="`,
	`x href="no space before"`,
}

func TestReplaceFileRefs(t *testing.T) {
	for _, html := range fileRefCases {
		got, want := replaceFileRefs(html, markRef), replaceFileRefsByExpression(html, markRef)
		if got != want {
			t.Errorf("replaceFileRefs(%q) =\n %q\nthe expression gives\n %q", html, got, want)
		}
	}
	if got := replaceFileRefs(`<a href="x">`, markRef); got != `<a[href|x| href="x"]>` {
		t.Errorf("a link is replaced as %q", got)
	}
	unchanged := `<p>nothing</p>`
	if got := replaceFileRefs(unchanged, markRef); got != unchanged {
		t.Errorf("nothing to replace gives %q", got)
	}
}

// FuzzReplaceFileRefs checks the scan against the expression on any input.
func FuzzReplaceFileRefs(f *testing.F) {
	for _, html := range fileRefCases {
		f.Add(html)
	}
	f.Fuzz(func(t *testing.T, html string) {
		if got, want := replaceFileRefs(html, markRef), replaceFileRefsByExpression(html, markRef); got != want {
			t.Errorf("replaceFileRefs(%q) = %q, the expression gives %q", html, got, want)
		}
	})
}

// BenchmarkReplaceFileRefs replaces the references of a long page, by the
// scan and by the expression.
func BenchmarkReplaceFileRefs(b *testing.B) {
	html := strings.Repeat(`<p class="x">text <a href="basics/first.html#top">link</a> <img src="map.svg" alt="a map"></p>`+"\n", 20000)
	keep := func(m, _, _ string) string { return m }
	b.Run("scan", func(b *testing.B) {
		for b.Loop() {
			replaceFileRefs(html, keep)
		}
	})
	b.Run("expression", func(b *testing.B) {
		for b.Loop() {
			replaceFileRefsByExpression(html, keep)
		}
	})
}
