package render

import (
	"bytes"
	"io/fs"
	"maps"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/js"

	"github.com/loopbook/loopbook/themes"
)

// The theme files that go with these fragments: blocks.css and blocks.js.

func themeAsset(t *testing.T, name string) string {
	t.Helper()
	b, err := fs.ReadFile(themes.Default, "default/assets/"+name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var colourVar = regexp.MustCompile(`(--[a-z-]+):\s*(#[0-9a-fA-F]{6})\s*;`)

// colours reads the colour properties of the rule opened by opening, in
// both stylesheets, the theme's first.
func colours(t *testing.T, opening string, sheets ...string) map[string]string {
	t.Helper()
	p := map[string]string{}
	for _, css := range sheets {
		i := strings.Index(css, opening)
		if i < 0 {
			t.Fatalf("no rule %q", opening)
		}
		body := css[i+len(opening):]
		body = body[:strings.Index(body, "}")]
		for _, m := range colourVar.FindAllStringSubmatch(body, -1) {
			p[m[1]] = strings.ToLower(m[2])
		}
	}
	return p
}

// wcagContrast is the WCAG 2 contrast ratio of two #rrggbb colours.
func wcagContrast(a, b string) float64 {
	lum := func(hex string) float64 {
		var c [3]float64
		for i := range c {
			v, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
			s := float64(v) / 255
			if s <= 0.04045 {
				c[i] = s / 12.92
			} else {
				c[i] = math.Pow((s+0.055)/1.055, 2.4)
			}
		}
		return 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2]
	}
	la, lb := lum(a), lum(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// TestBlockPalettes checks the colours blocks.css adds against the
// theme's, in the light and both dark palettes: text 4.5:1, borders and
// marks 3:1.
func TestBlockPalettes(t *testing.T) {
	theme, blocks := themeAsset(t, "style.css"), themeAsset(t, "blocks.css")
	light := colours(t, ":root {", theme, blocks)
	dark := colours(t, `html[data-theme="dark"] {`, theme, blocks)
	system := colours(t, `html:not([data-theme="light"]) {`, theme, blocks)
	if !maps.Equal(dark, system) {
		t.Errorf("blocks.css: the dark palettes of the toggle and of the system differ")
	}
	text := [][2]string{
		{"--lb-ok", "--bg"}, {"--lb-ok", "--bg-soft"}, {"--lb-ok", "--lb-ok-soft"},
		{"--lb-bad", "--bg"}, {"--lb-bad", "--bg-soft"}, {"--lb-bad", "--lb-bad-soft"},
		{"--fg", "--lb-ok-soft"}, {"--fg", "--lb-bad-soft"}, {"--fg-muted", "--lb-bad-soft"},
		{"--lb-on-bad", "--lb-bad"}, {"--link", "--accent-soft"}, {"--fg", "--accent-soft"},
	}
	ui := [][2]string{{"--lb-bad", "--bg-soft"}, {"--accent", "--accent-soft"}, {"--focus", "--accent-soft"}, {"--border-strong", "--accent-soft"}}
	for name, p := range map[string]map[string]string{"light": light, "dark": dark} {
		for _, set := range []struct {
			pairs [][2]string
			least float64
		}{{text, 4.5}, {ui, 3}} {
			for _, pair := range set.pairs {
				fg, bg := p[pair[0]], p[pair[1]]
				if fg == "" || bg == "" {
					t.Errorf("%s: %s or %s is not defined", name, pair[0], pair[1])
					continue
				}
				if c := wcagContrast(fg, bg); c < set.least {
					t.Errorf("%s: %s %s on %s %s contrasts %.2f:1, want %.1f:1", name, pair[0], fg, pair[1], bg, c, set.least)
				}
			}
		}
	}
}

// TestBlocksScript keeps blocks.js small and self-contained.
func TestBlocksScript(t *testing.T) {
	src := themeAsset(t, "blocks.js")
	m := minify.New()
	m.AddFunc("text/javascript", js.Minify)
	min, err := m.String("text/javascript", src)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("blocks.js: %d bytes, %d minified", len(src), len(min))
	// The theme's whole script budget is 20 KB minified and gzipped (the
	// browser tests check it on the real course); blocks.js keeps well
	// inside it.
	if len(min) > 10<<10 {
		t.Errorf("blocks.js minifies to %d bytes, more than 10 KB", len(min))
	}
	for _, bad := range []string{"fetch(", "eval(", "innerHTML", "XMLHttpRequest", "import(", "http://", "https://"} {
		if strings.Contains(strings.ReplaceAll(src, "http://www.w3.org/2000/svg", ""), bad) {
			t.Errorf("blocks.js uses %s", bad)
		}
	}
}

// TestNoInlineHandlers checks that no fragment carries an inline event
// handler or an inline script other than a JSON data island.
func TestNoInlineHandlers(t *testing.T) {
	handler := regexp.MustCompile(`(?i)\son[a-z]+=`)
	script := regexp.MustCompile(`<script[^>]*>`)
	for _, tc := range goldenCases() {
		var buf bytes.Buffer
		if err := tc.render(&buf); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		if handler.MatchString(out) {
			t.Errorf("%s: an inline event handler", tc.name)
		}
		for _, s := range script.FindAllString(out, -1) {
			if !strings.Contains(s, `type="application/json"`) {
				t.Errorf("%s: an inline script %s", tc.name, s)
			}
		}
	}
}
