package site

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// replaceAttrs finds what the regular expression it stands for finds, on
// hand-picked edge cases and on random strings made of the characters that
// matter.
func TestReplaceAttrsMatchesTheRegexp(t *testing.T) {
	cases := []string{
		``, `plain`, ` id="a"`, `<p id="a" class="b" id="">`, ` id="unclosed`, ` id="a" id="b`,
		`<a href="x.html#f" src="y.png">`, ` href= "x"`, `  href="x"`, ` hrefx="y"`, ` src="" href=""`,
		`<a title=" href="x">`, ` id=" id="a"`, `id="a"`, ` ID="a"`,
		`<a href="#frag"> <a href=""> <a href="x`, `<a href=" src="x"">`, `<a href="# src="x"">`,
		`<a data-href="no">`, "<img src=\"\xffé.png\"> ",
	}
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{" ", "id", "href", "src", "=", `"`, "a", "#", "<p", ">", "x"}
	for range 3000 {
		var b strings.Builder
		for range r.IntN(14) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		cases = append(cases, b.String())
	}
	for _, names := range [][]string{{"id"}, {"href", "src"}} {
		for _, take := range []func(string) bool{nil, fileRef} {
			for _, html := range cases {
				if got, want := replaceAttrs(html, names, take, markAttr), replaceAttrsByExpression(html, names, take, markAttr); got != want {
					t.Fatalf("replaceAttrs(%q, %q, fileRef: %v) = %q, the regexp gives %q", html, names, take != nil, got, want)
				}
			}
		}
	}
}

// replaceAttrsByExpression is replaceAttrs done with the regular
// expression it stands for.
func replaceAttrsByExpression(html string, names []string, take func(string) bool, repl func(m, name, value string) string) string {
	value := `[^"]*`
	if take != nil { // fileRef
		value = `[^"#][^"]*`
	}
	re := regexp.MustCompile(` (` + strings.Join(names, "|") + `)="(` + value + `)"`)
	return re.ReplaceAllStringFunc(html, func(m string) string {
		sm := re.FindStringSubmatch(m)
		return repl(m, sm[1], sm[2])
	})
}

// markAttr marks an attribute as replaced, with what it was given.
func markAttr(m, name, value string) string { return "[" + name + ":" + value + "|" + m + "]" }

// FuzzReplaceAttrs checks replaceAttrs against its expression, of the
// print page's links and of the offline file's references, on any input.
func FuzzReplaceAttrs(f *testing.F) {
	for _, html := range []string{` href="a" src="#b"`, `<a href=" src="x"">`, "<img src=\"\xffé.png\"> ", ` src="`, `x href=""`} {
		f.Add(html)
	}
	f.Fuzz(func(t *testing.T, html string) {
		for _, take := range []func(string) bool{nil, fileRef} {
			if got, want := replaceAttrs(html, offlineRefAttrs, take, markAttr), replaceAttrsByExpression(html, offlineRefAttrs, take, markAttr); got != want {
				t.Errorf("replaceAttrs(%q, fileRef: %v) = %q, the expression gives %q", html, take != nil, got, want)
			}
		}
	})
}

// BenchmarkReplaceAttrs replaces the file references of a long page, by
// the scan and by the expression.
func BenchmarkReplaceAttrs(b *testing.B) {
	html := strings.Repeat(`<p class="x">text <a href="basics/first.html#top">link</a> <img src="map.svg" alt="a map"></p>`+"\n", 20000)
	keep := func(m, _, _ string) string { return m }
	b.Run("scan", func(b *testing.B) {
		for b.Loop() {
			replaceAttrs(html, offlineRefAttrs, fileRef, keep)
		}
	})
	b.Run("expression", func(b *testing.B) {
		for b.Loop() {
			replaceAttrsByExpression(html, offlineRefAttrs, fileRef, keep)
		}
	})
}
