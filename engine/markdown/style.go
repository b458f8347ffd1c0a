package markdown

import (
	"slices"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/styles"
)

// StyleCSS returns the CSS for highlighted code: chroma's "github" style
// by default, its "github-dark" style under <html data-theme="dark"> and,
// when the reader's system prefers dark and <html> is not
// data-theme="light", under that media query. Every token colour meets
// WCAG AA contrast (4.5:1) on its background. Rules are scoped to .chroma
// and use chroma's class names; a dark rule restates every property the
// light rule for the same class sets, so nothing light leaks into dark.
func StyleCSS() string { return styleCSS() }

var styleCSS = sync.OnceValue(func() string {
	light, dark := lightStyle(), darkStyle()
	var b strings.Builder
	b.WriteString("/* code highlighting: light */\n")
	writeRules(&b, "", light, nil)
	b.WriteString("/* code highlighting: dark */\n")
	writeRules(&b, `html[data-theme="dark"] `, dark, light)
	b.WriteString("@media (prefers-color-scheme: dark) {\n")
	writeRules(&b, `html:not([data-theme="light"]) `, dark, light)
	b.WriteString("}\n")
	return b.String()
})

// lightStyle is chroma's "github" with the text colour stated and the
// tokens that miss 4.5:1 on its #f7f7f7 background darkened.
func lightStyle() *chroma.Style {
	s, err := styles.Get("github").Builder().
		Add(chroma.Background, "#1f2328 bg:#f7f7f7").
		Add(chroma.NameBuiltinPseudo, "#57606a").
		Build()
	if err != nil {
		panic(err) // the entries above are constant and valid
	}
	return s
}

// darkStyle is chroma's "github-dark".
func darkStyle() *chroma.Style {
	return styles.Get("github-dark")
}

// highlightedTypes are the token types that get a class and a rule, in a
// fixed order.
func highlightedTypes() []chroma.TokenType {
	var types []chroma.TokenType
	for t := range chroma.StandardTypes {
		if (t < 0 && t != chroma.Error) || tokenClass(t) == "" || chroma.StandardTypes[t] == "" {
			continue // wrapper and line-number types; plain text and white space
		}
		types = append(types, t)
	}
	slices.Sort(types)
	return types
}

// writeRules writes one rule for the wrapper and one per token class. With
// under set, properties that under's rule for a class sets and style's
// does not are reset, so that style fully overrides under.
func writeRules(b *strings.Builder, prefix string, style, under *chroma.Style) {
	bg := style.Get(chroma.Background)
	b.WriteString(prefix + ".chroma { color: " + bg.Colour.String() + "; background-color: " + bg.Background.String() + " }\n")
	for _, t := range highlightedTypes() {
		props := entryCSS(style.Get(t), bg)
		if under != nil {
			below := entryCSS(under.Get(t), under.Get(chroma.Background))
			props = restate(props, below, style.Get(t), bg)
		}
		if len(props) == 0 {
			continue
		}
		b.WriteString(prefix + ".chroma ." + chroma.StandardTypes[t] + " { " + strings.Join(props, "; ") + " }\n")
	}
}

// entryCSS lists the CSS properties by which e differs from the wrapper
// style base, in a fixed order: color, background-color, font-weight,
// font-style, text-decoration.
func entryCSS(e, base chroma.StyleEntry) []string {
	var props []string
	if e.Colour.IsSet() && e.Colour != base.Colour {
		props = append(props, "color: "+e.Colour.String())
	}
	if e.Background.IsSet() && e.Background != base.Background {
		props = append(props, "background-color: "+e.Background.String())
	}
	if e.Bold == chroma.Yes {
		props = append(props, "font-weight: bold")
	}
	if e.Italic == chroma.Yes {
		props = append(props, "font-style: italic")
	}
	if e.Underline == chroma.Yes {
		props = append(props, "text-decoration: underline")
	}
	return props
}

// restate adds to props a reset for every property below sets that props
// lacks.
func restate(props, below []string, e, base chroma.StyleEntry) []string {
	has := func(list []string, name string) bool {
		return slices.ContainsFunc(list, func(p string) bool { return strings.HasPrefix(p, name+":") })
	}
	resets := []struct{ name, value string }{
		{"color", base.Colour.String()},
		{"background-color", "transparent"},
		{"font-weight", "normal"},
		{"font-style", "normal"},
		{"text-decoration", "none"},
	}
	out := slices.Clone(props)
	for _, r := range resets {
		if has(below, r.name) && !has(props, r.name) {
			out = append(out, r.name+": "+r.value)
		}
	}
	return out
}
