package themes_test

import (
	"io/fs"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/themes"
)

func readAsset(t *testing.T, name string) string {
	t.Helper()
	b, err := fs.ReadFile(themes.Default, "default/assets/"+name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var reColorVar = regexp.MustCompile(`(--[a-z-]+):\s*(#[0-9a-fA-F]{6})\s*;`)

// palette reads the colour properties of the first rule whose selector
// (after opening) is exactly selector.
func palette(t *testing.T, css, opening string) map[string]string {
	t.Helper()
	i := strings.Index(css, opening)
	if i < 0 {
		t.Fatalf("style.css has no %q", opening)
	}
	body := css[i+len(opening):]
	body = body[:strings.Index(body, "}")]
	p := map[string]string{}
	for _, m := range reColorVar.FindAllStringSubmatch(body, -1) {
		p[m[1]] = strings.ToLower(m[2])
	}
	if len(p) == 0 {
		t.Fatalf("no colours after %q", opening)
	}
	return p
}

// contrast is the WCAG 2 contrast ratio of two #rrggbb colours.
func contrast(a, b string) float64 {
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

// The pairs the stylesheet draws, foreground on background. Text needs
// 4.5:1 (WCAG 1.4.3 AA); control boundaries and focus rings need 3:1
// (WCAG 1.4.11).
var (
	textPairs = [][2]string{
		{"--fg", "--bg"}, {"--fg", "--bg-soft"}, {"--fg", "--bg-hover"}, {"--fg", "--accent-soft"},
		{"--fg", "--code-bg"}, {"--fg", "--code-inline-bg"},
		{"--fg-muted", "--bg"}, {"--fg-muted", "--bg-soft"}, {"--fg-muted", "--bg-hover"},
		{"--link", "--bg"}, {"--link", "--bg-soft"}, {"--link", "--bg-hover"},
		{"--link-hover", "--bg"}, {"--link-hover", "--bg-soft"}, {"--link-hover", "--accent-soft"},
		{"--accent-fg", "--accent"},
		{"--fg-muted", "--accent-soft"}, {"--mark-fg", "--mark-bg"},
	}
	uiPairs = [][2]string{
		{"--border-strong", "--bg"}, {"--border-strong", "--bg-soft"},
		{"--focus", "--bg"}, {"--focus", "--bg-soft"}, {"--focus", "--accent-soft"},
		{"--accent", "--bg"}, {"--accent", "--bg-soft"},
	}
)

func TestPalettes(t *testing.T) {
	css := readAsset(t, "style.css")
	light := palette(t, css, ":root {")
	dark := palette(t, css, `html[data-theme="dark"] {`)
	system := palette(t, css, `html:not([data-theme="light"]) {`)

	if !maps.Equal(dark, system) {
		t.Errorf("the dark palette chosen by the toggle and by the system differ:\n toggle %v\n system %v", dark, system)
	}
	if got, want := slices.Sorted(maps.Keys(dark)), slices.Sorted(maps.Keys(light)); !slices.Equal(got, want) {
		t.Errorf("the light and dark palettes name different colours:\n light %v\n dark  %v", want, got)
	}
	for name, p := range map[string]map[string]string{"light": light, "dark": dark} {
		check := func(pairs [][2]string, least float64) {
			for _, pair := range pairs {
				fg, bg := p[pair[0]], p[pair[1]]
				if fg == "" || bg == "" {
					t.Errorf("%s: %s or %s is not defined", name, pair[0], pair[1])
					continue
				}
				if c := contrast(fg, bg); c < least {
					t.Errorf("%s: %s %s on %s %s contrasts %.2f:1, want at least %.1f:1", name, pair[0], fg, pair[1], bg, c, least)
				}
			}
		}
		check(textPairs, 4.5)
		check(uiPairs, 3)
	}
}

func TestContrastFormula(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want float64
	}{
		{"#000000", "#ffffff", 21},
		{"#777777", "#ffffff", 4.48},
		{"#ffffff", "#ffffff", 1},
	} {
		if got := contrast(tc.a, tc.b); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("contrast(%s, %s) = %.2f, want %.2f", tc.a, tc.b, got, tc.want)
		}
	}
}

// The assets ask for nothing outside the site and need nothing a file://
// page cannot have.
func TestAssetsStayInTheSite(t *testing.T) {
	css := readAsset(t, "style.css")
	js := readAsset(t, "loopbook.js")
	for _, tc := range []struct{ file, text, bad string }{
		{"style.css", css, "@import"},
		{"style.css", css, "url("},
		{"style.css", css, "@font-face"},
		{"loopbook.js", js, "fetch("},
		{"loopbook.js", js, "XMLHttpRequest"},
		{"loopbook.js", js, "import("},
		{"loopbook.js", js, "http://"},
		{"loopbook.js", js, "https://"},
		{"style.css", css, "://"},
	} {
		if strings.Contains(tc.text, tc.bad) {
			t.Errorf("%s uses %s", tc.file, tc.bad)
		}
	}
	for _, want := range []string{`"use strict"`, `"loopbook-theme"`} {
		if !strings.Contains(js, want) {
			t.Errorf("loopbook.js lacks %s", want)
		}
	}
	if !regexp.MustCompile(`(?m)^@media print \{`).MatchString(css) || !strings.Contains(css, "prefers-reduced-motion: reduce") {
		t.Errorf("style.css lacks its print or reduced-motion rules")
	}
}
