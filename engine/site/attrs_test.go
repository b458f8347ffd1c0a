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
		re := regexp.MustCompile(` (` + strings.Join(names, "|") + `)="([^"]*)"`)
		for _, html := range cases {
			want := re.ReplaceAllStringFunc(html, func(m string) string {
				sm := re.FindStringSubmatch(m)
				return "[" + sm[1] + ":" + sm[2] + "|" + m + "]"
			})
			got := replaceAttrs(html, names, func(m, name, value string) string {
				return "[" + name + ":" + value + "|" + m + "]"
			})
			if got != want {
				t.Fatalf("replaceAttrs(%q, %q) = %q, the regexp gives %q", html, names, got, want)
			}
		}
	}
}
