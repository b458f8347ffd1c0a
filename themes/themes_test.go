package themes_test

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/themes"
)

// kinds are the page kinds the site builder renders, each with its own
// layout file.
var kinds = []string{"home", "section", "lesson", "page", "print", "404"}

// parseKind parses a page kind's templates exactly as the site builder
// does: base.html, every partial, then the kind's file.
func parseKind(t *testing.T, kind string) *template.Template {
	t.Helper()
	theme, err := fs.Sub(themes.Default, "default")
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := template.New(kind).Option("missingkey=error").ParseFS(theme,
		"layouts/base.html", "layouts/partials/*.html", "layouts/"+kind+".html")
	if err != nil {
		t.Fatalf("parse %s: %v", kind, err)
	}
	return tmpl
}

func render(t *testing.T, v PageView) string {
	t.Helper()
	var b bytes.Buffer
	if err := parseKind(t, v.Page.Kind).ExecuteTemplate(&b, "base", v); err != nil {
		t.Fatalf("execute %s: %v", v.Page.Kind, err)
	}
	return b.String()
}

func TestEveryKindHasALayout(t *testing.T) {
	for _, kind := range kinds {
		tmpl := parseKind(t, kind)
		for _, name := range []string{"base", "main"} {
			if tmpl.Lookup(name) == nil {
				t.Errorf("%s: no template %q", kind, name)
			}
		}
	}
}

func TestPages(t *testing.T) {
	for _, sp := range samplePages {
		for _, canonical := range []bool{false, true} {
			name := sp.path
			if canonical {
				name += "/base-url"
			}
			t.Run(name, func(t *testing.T) {
				v := sampleView(sp.path, canonical)
				out := render(t, v)
				checkPage(t, v, out)
			})
		}
	}
}

// A site with no sections and a page at either end of the reading order.
func TestBarePage(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			v := PageView{
				Site:   SiteView{Title: "Bare", Language: "en"},
				Page:   PageData{Kind: kind, Title: "Only page", URL: "index.html"},
				Assets: AssetView{CSS: "style.css", JS: "loopbook.js", Favicon: "favicon.svg"},
			}
			out := render(t, v)
			checkPage(t, v, out)
			for _, s := range []string{`id="sidebar"`, "data-nav-toggle", `class="pager"`, `class="toc`, `class="print-entry`} {
				if strings.Contains(out, s) {
					t.Errorf("a page with nothing to show renders %s", s)
				}
			}
		})
	}
}

// Author and engine strings are escaped; only Content is trusted HTML.
func TestEscapesText(t *testing.T) {
	const evil = `<script>alert(1)</script>"'&`
	v := sampleView("actors/who-talks.html", true)
	v.Site.Title, v.Page.Title, v.Page.Summary, v.Page.Question, v.Page.Description = evil, evil, evil, evil, evil
	v.Nav[0].Title = evil
	v.Page.TOC[0].Title = evil
	v.Page.Prev.Title = evil
	out := render(t, v)
	if strings.Contains(out, "<script>alert") {
		t.Errorf("unescaped author text in the page")
	}
}

var (
	reTag        = regexp.MustCompile(`<(/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(/?)>`)
	reAttr       = regexp.MustCompile(`\s([a-zA-Z:-]+)="([^"]*)"`)
	reScript     = regexp.MustCompile(`(?s)<script([^>]*)>(.*?)</script>`)
	reHandler    = regexp.MustCompile(`(?i)<[^>]+\son[a-z]+=`)
	reFocusable  = regexp.MustCompile(`<(a|button|input|select|textarea|summary)[\s>]|tabindex="0"`)
	voidElements = []string{"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)

// checkPage holds every page to the output contract and the theme's
// accessibility rules.
func checkPage(t *testing.T, v PageView, out string) {
	t.Helper()
	// What the theme wrote, without the author's content.
	theme := strings.ReplaceAll(out, string(v.Page.Content), "")
	for _, p := range v.Print {
		theme = strings.ReplaceAll(theme, string(p.Content), "")
	}

	if n := strings.Count(theme, "<h1"); n != 1 {
		t.Errorf("%d <h1> elements, want exactly one", n)
	}
	for _, s := range []string{
		`<!DOCTYPE html>`,
		fmt.Sprintf(`<html lang="%s">`, v.Site.Language),
		`<meta name="viewport" content="width=device-width, initial-scale=1">`,
		`<meta name="description" content="`,
		`<meta property="og:title" content="`,
		`<meta property="og:description" content="`,
		`<link rel="icon" href="` + v.Assets.Favicon + `"`,
		`<link rel="stylesheet" href="` + v.Assets.CSS + `">`,
		`<script src="` + v.Assets.JS + `" defer></script>`,
		`<header class="site-header">`,
		`<main id="main"`,
		`<footer class="site-footer">`,
		`href="` + v.Root + `index.html"`,
	} {
		if !strings.Contains(theme, s) {
			t.Errorf("missing %s", s)
		}
	}
	if got := strings.Contains(theme, `rel="canonical"`); got != (v.Page.Canonical != "") {
		t.Errorf("canonical link present: %v, canonical URL %q", got, v.Page.Canonical)
	}

	// The skip link is the first thing a keyboard reaches.
	body := theme[strings.Index(theme, "<body"):]
	first := reFocusable.FindStringIndex(body)
	if first == nil || !strings.HasPrefix(body[first[0]:], `<a class="skip-link" href="#main">`) {
		t.Errorf("the first focusable element is not the skip link")
	}

	checkCurrent(t, v, theme)
	checkURLs(t, v, out)
	checkScripts(t, theme)
	checkIDs(t, out)
	checkNesting(t, out)
}

// checkCurrent: the page being read is marked in the navigation.
func checkCurrent(t *testing.T, v PageView, theme string) {
	t.Helper()
	var want string
	switch {
	case v.Page.Kind == "home":
		want = `class="brand" href="index.html" aria-current="page"`
	case v.Page.Kind == "print":
		want = `href="print.html" aria-current="page"`
	case len(v.Nav) > 0 && v.Page.Kind != "404":
		want = fmt.Sprintf(`href="%s" aria-current="page">%s</a>`, v.Page.URL, template.HTMLEscapeString(v.Page.Title))
	}
	if want != "" && !strings.Contains(theme, want) {
		t.Errorf("the current page is not marked: no %s", want)
	}
	if n := strings.Count(theme, `aria-current="page"`); n > 1 {
		t.Errorf("%d elements claim to be the current page", n)
	}
	// Sections above the current page start unfolded.
	for _, item := range v.Nav {
		open := fmt.Sprintf(`aria-controls="nav-%s" aria-expanded="true"`, item.URL)
		if item.Ancestor && !(strings.Contains(theme, open) && strings.Contains(theme, `nav-section is-open">`)) {
			t.Errorf("section %q holds the current page but is folded", item.Title)
		}
	}
}

// checkURLs: every URL the page asks for stays in the site and names a
// file, so it resolves from file://; only the canonical URL is absolute.
func checkURLs(t *testing.T, v PageView, out string) {
	t.Helper()
	for _, tag := range reTag.FindAllStringSubmatch(out, -1) {
		attrs := map[string]string{}
		for _, a := range reAttr.FindAllStringSubmatch(tag[3], -1) {
			attrs[a[1]] = a[2]
		}
		for _, name := range []string{"href", "src", "action", "poster", "content"} {
			u, ok := attrs[name]
			if !ok || (name == "content" && attrs["property"] != "og:url") {
				continue
			}
			absolute := strings.Contains(u, "://") || strings.HasPrefix(u, "//")
			switch {
			case tag[2] == "link" && attrs["rel"] == "canonical", attrs["property"] == "og:url":
				if u != v.Page.Canonical {
					t.Errorf("canonical URL %q, want %q", u, v.Page.Canonical)
				}
			case absolute && strings.Contains(string(v.Page.Content)+fmt.Sprint(v.Print), u):
				// An author's external link: listed by the link check, not the theme's.
			case absolute, strings.HasPrefix(u, "/"), strings.HasPrefix(strings.ToLower(u), "javascript:"):
				t.Errorf("<%s %s=%q> leaves the site", tag[2], name, u)
			case u == "" || strings.HasSuffix(u, "/") || u == "..":
				t.Errorf("<%s %s=%q> names a folder, which file:// cannot open", tag[2], name, u)
			}
		}
	}
}

// checkScripts: one inline script (the theme before first paint), no
// inline event handlers.
func checkScripts(t *testing.T, theme string) {
	t.Helper()
	inline := 0
	for _, m := range reScript.FindAllStringSubmatch(theme, -1) {
		if !strings.Contains(m[1], "src=") {
			inline++
			if !strings.Contains(m[2], "loopbook-theme") {
				t.Errorf("unexpected inline script %q", m[2])
			}
		}
	}
	if inline != 1 {
		t.Errorf("%d inline scripts, want 1", inline)
	}
	if m := reHandler.FindString(theme); m != "" {
		t.Errorf("inline event handler: %s", m)
	}
}

// checkIDs: ids are unique, and every in-page reference finds its target.
func checkIDs(t *testing.T, out string) {
	t.Helper()
	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(`\sid="([^"]*)"`).FindAllStringSubmatch(out, -1) {
		if ids[m[1]] {
			t.Errorf("duplicate id %q", m[1])
		}
		ids[m[1]] = true
	}
	for _, m := range regexp.MustCompile(`\s(aria-controls|aria-labelledby|href)="#?([^"]*)"`).FindAllStringSubmatch(out, -1) {
		if m[1] == "href" && !strings.HasPrefix(m[0], ` href="#`) {
			continue
		}
		if !ids[m[2]] {
			t.Errorf("%s refers to missing id %q", m[1], m[2])
		}
	}
}

// checkNesting: every element the templates open, they close, in order.
func checkNesting(t *testing.T, out string) {
	t.Helper()
	out = reScript.ReplaceAllString(out, "<script></script>")
	var stack []string
	for _, m := range reTag.FindAllStringSubmatch(out, -1) {
		closing, name, selfClosing := m[1] == "/", strings.ToLower(m[2]), m[4] == "/"
		switch {
		case slices.Contains(voidElements, name) || selfClosing:
		case !closing:
			stack = append(stack, name)
		case len(stack) == 0 || stack[len(stack)-1] != name:
			t.Errorf("</%s> closes <%s>", name, strings.Join(stack, "> <"))
			return
		default:
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) > 0 {
		t.Errorf("unclosed elements: %v", stack)
	}
}

// TestWriteSample writes the sample course, with the theme's assets, to
// the folder named by LOOPBOOK_THEME_OUT, to be opened in a browser.
func TestWriteSample(t *testing.T) {
	dir := os.Getenv("LOOPBOOK_THEME_OUT")
	if dir == "" {
		t.Skip("set LOOPBOOK_THEME_OUT to a folder to write the sample course there")
	}
	for _, sp := range samplePages {
		writeFile(t, filepath.Join(dir, sp.path), render(t, sampleView(sp.path, false)))
	}
	for src, dst := range map[string]string{"style.css": sampleCSS, "loopbook.js": sampleJS, "favicon.svg": sampleIcon} {
		b, err := fs.ReadFile(themes.Default, path.Join("default/assets", src))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, dst), string(b))
	}
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
