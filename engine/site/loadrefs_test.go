package site

import (
	"bytes"
	"regexp"
	"slices"
	"testing"
)

// loadRef is the expression appendLoadRefs stands for: what a page loads,
// src attributes and the href of <link rel="stylesheet"> and <link
// rel="icon">.
var loadRef = regexp.MustCompile(`<(?:[a-z]+[^>]* src|link rel="?(?:stylesheet|icon)"?[^>]* href)="([^"#]+)"`)

// loadRefsByExpression is appendLoadRefs done with loadRef.
func loadRefsByExpression(html []byte) [][]byte {
	var out [][]byte
	for _, m := range loadRef.FindAllSubmatch(html, -1) {
		out = append(out, m[1])
	}
	return out
}

// loadRefCases are pages whose references the scan must find as the
// expression does.
var loadRefCases = []struct {
	name, html string
	want       []string
}{
	{"none", `<p>text</p>`, nil},
	{"img", `<img src="a.png">`, []string{"a.png"}},
	{"script and style", `<script src="assets/app.js"></script><link rel="stylesheet" href="assets/s.css">`,
		[]string{"assets/app.js", "assets/s.css"}},
	{"unquoted rel", `<link rel=icon href="favicon.svg">`, []string{"favicon.svg"}},
	{"quoted icon", `<link rel="icon" type="image/svg+xml" href="f.svg">`, []string{"f.svg"}},
	{"other rel", `<link rel="preload" href="x.css">`, nil},
	{"fragment", `<img src="#x"><img src="a#b">`, nil},
	{"empty value", `<img src=""><img src="b">`, []string{"b"}},
	{"last src of a tag wins", `<img src="a" data-x src="b">`, []string{"b"}},
	{"last src that ends a match", `<img src="a" src="#b">`, []string{"a"}},
	{"src past the tag end", `<img alt="x"> src="y"`, nil},
	{"value past the tag end", `<img src="a>b">`, []string{"a>b"}},
	{"upper case tag", `<IMG src="a">`, nil},
	{"no space before src", `<img data-src="a">`, nil},
	{"nested less-than", `<a <img src="x">`, []string{"x"}},
	{"match inside a tag's text", `<a title=" src=&quot;" src="in">`, []string{"in"}},
	{"link with src first", `<link src="s" rel="stylesheet" href="h">`, []string{"s"}},
	{"link href then src", `<link rel="stylesheet" href="h" src="#">`, []string{"h"}},
	{"unclosed value", `<img src="abc`, nil},
	{"unclosed tag", `<img src="abc"`, []string{"abc"}},
	{"multibyte", "<img alt=\"é>\" src=\"ü.png\"><img src=\"\xff\">", []string{"\xff"}},
	{"after a match", `<img src="a"><img src="b"src="c">`, []string{"a", "b"}},
	{"lone less-than at the end", `x <`, nil},
	{"link prefix only", `<link rel=`, nil},
}

func TestAppendLoadRefs(t *testing.T) {
	for _, tc := range loadRefCases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, r := range appendLoadRefs(nil, []byte(tc.html)) {
				got = append(got, string(r))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("appendLoadRefs(%q) = %q, want %q", tc.html, got, tc.want)
			}
			if byExpr := loadRefsByExpression([]byte(tc.html)); !equalRefs(byExpr, appendLoadRefs(nil, []byte(tc.html))) {
				t.Errorf("the expression finds %q", byExpr)
			}
		})
	}
}

// TestAppendLoadRefsOnBuiltPages compares the scan with the expression
// on every page of a built site.
func TestAppendLoadRefsOnBuiltPages(t *testing.T) {
	out := build(t, writeSite(t, "small.txtar"), Options{Minify: true})
	pages := 0
	for _, f := range out.Files {
		if !bytes.HasSuffix([]byte(f.Path), []byte(".html")) {
			continue
		}
		pages++
		if got, want := appendLoadRefs(nil, f.Data), loadRefsByExpression(f.Data); !equalRefs(got, want) {
			t.Errorf("%s: scan finds %q, the expression %q", f.Path, got, want)
		}
	}
	if pages == 0 {
		t.Fatal("no page built")
	}
}

// FuzzLoadRefs checks the scan against the expression on any input.
func FuzzLoadRefs(f *testing.F) {
	for _, tc := range loadRefCases {
		f.Add(tc.html)
	}
	f.Fuzz(func(t *testing.T, html string) {
		if got, want := appendLoadRefs(nil, []byte(html)), loadRefsByExpression([]byte(html)); !equalRefs(got, want) {
			t.Errorf("appendLoadRefs(%q) = %q, the expression finds %q", html, got, want)
		}
	})
}

// BenchmarkLoadRefs scans the pages of a built site, by the scan and by
// the expression.
func BenchmarkLoadRefs(b *testing.B) {
	out := build(b, writeSite(b, "small.txtar"), Options{Minify: true})
	var pages [][]byte
	for _, f := range out.Files {
		if bytes.HasSuffix([]byte(f.Path), []byte(".html")) {
			pages = append(pages, f.Data)
		}
	}
	b.Run("scan", func(b *testing.B) {
		var refs [][]byte
		for b.Loop() {
			for _, p := range pages {
				refs = appendLoadRefs(refs[:0], p)
			}
		}
	})
	b.Run("expression", func(b *testing.B) {
		for b.Loop() {
			for _, p := range pages {
				loadRefsByExpression(p)
			}
		}
	})
}

// equalRefs reports whether two lists of references are the same.
func equalRefs(a, b [][]byte) bool { return slices.EqualFunc(a, b, bytes.Equal) }
