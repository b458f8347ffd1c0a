package markdown

import (
	"math"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
)

func TestStyleCSS(t *testing.T) {
	css := StyleCSS()
	checkContains(t, css, []string{
		".chroma { color: #1f2328; background-color: #f7f7f7 }",
		".chroma .k { color: #cf222e }",
		`html[data-theme="dark"] .chroma { color: #e6edf3; background-color: #0d1117 }`,
		`html[data-theme="dark"] .chroma .k { color: #ff7b72 }`,
		"@media (prefers-color-scheme: dark) {\n" + `html:not([data-theme="light"]) .chroma {`,
		`html:not([data-theme="light"]) .chroma .gp { color: #8b949e }`,
	}, []string{"style=", ".bg", ".line", ".cl "})
	if strings.Count(css, "{") != strings.Count(css, "}") {
		t.Error("unbalanced braces")
	}
	if StyleCSS() != css {
		t.Error("StyleCSS is not stable")
	}
}

// TestDarkOverridesLight checks that every class the light style colours
// or decorates is restated by the dark style, so no light property leaks
// into dark mode.
func TestDarkOverridesLight(t *testing.T) {
	css := StyleCSS()
	for _, line := range strings.Split(css, "\n") {
		cls, ok := strings.CutPrefix(line, ".chroma .")
		if !ok {
			continue
		}
		name := cls[:strings.IndexByte(cls, ' ')]
		for _, prop := range []string{"color", "background-color", "font-weight", "font-style", "text-decoration"} {
			if !strings.Contains(line, " "+prop+":") {
				continue
			}
			dark := ruleFor(css, `html[data-theme="dark"] .chroma .`+name+" ")
			if !strings.Contains(dark, " "+prop+":") {
				t.Errorf("class %s: light sets %s, dark rule %q does not", name, prop, dark)
			}
		}
	}
}

func ruleFor(css, selector string) string {
	for _, line := range strings.Split(css, "\n") {
		if strings.HasPrefix(line, selector+"{") {
			return line
		}
	}
	return ""
}

// TestContrast checks WCAG AA (4.5:1) for every highlighted token type
// against its background, in both styles.
func TestContrast(t *testing.T) {
	for _, s := range []*chroma.Style{lightStyle(), darkStyle()} {
		base := s.Get(chroma.Background)
		for _, tt := range highlightedTypes() {
			e := s.Get(tt)
			fg, bg := e.Colour, e.Background
			if !fg.IsSet() {
				fg = base.Colour
			}
			if !bg.IsSet() {
				bg = base.Background
			}
			if r := contrast(fg, bg); r < 4.5 {
				t.Errorf("%s: %s (%s on %s) contrast %.2f < 4.5", s.Name, tt, fg, bg, r)
			}
		}
	}
}

func TestContrastFormula(t *testing.T) {
	black, white := chroma.ParseColour("#000000"), chroma.ParseColour("#ffffff")
	if r := contrast(black, white); math.Abs(r-21) > 0.01 {
		t.Errorf("black on white = %.2f, want 21", r)
	}
	if r := contrast(chroma.ParseColour("#777777"), white); math.Abs(r-4.48) > 0.01 {
		t.Errorf("#777 on white = %.2f, want 4.48", r)
	}
}

// contrast is the WCAG 2 contrast ratio of two colours.
func contrast(a, b chroma.Colour) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func luminance(c chroma.Colour) float64 {
	ch := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c.Red()) + 0.7152*ch(c.Green()) + 0.0722*ch(c.Blue())
}
