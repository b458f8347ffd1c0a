package markdown

import (
	"fmt"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/yuin/goldmark/util"
)

// lexerIndex maps lower-cased lexer names, aliases and plain file
// extensions ("yml" from "*.yml") to chroma's lexers, wrapped to coalesce
// runs of same-type tokens; names win over aliases, aliases over
// extensions. It is built once, on first
// use, and only read afterwards. chroma's own look-up falls back to
// matching file-name patterns, which costs milliseconds for every unknown
// word; info strings name languages by name or alias, so this does not.
var lexerIndex = sync.OnceValue(func() map[string]chroma.Lexer {
	index := map[string]chroma.Lexer{}
	all := lexers.GlobalLexerRegistry.Lexers
	for _, l := range all {
		if l.Config().Name == "plaintext" {
			continue
		}
		for _, glob := range l.Config().Filenames {
			ext, ok := strings.CutPrefix(glob, "*.")
			if ok && !strings.ContainsAny(ext, "*?[.") {
				if _, taken := index[strings.ToLower(ext)]; !taken {
					index[strings.ToLower(ext)] = chroma.Coalesce(l)
				}
			}
		}
	}
	for _, l := range all {
		if l.Config().Name == "plaintext" {
			continue
		}
		for _, alias := range l.Config().Aliases {
			index[strings.ToLower(alias)] = chroma.Coalesce(l)
		}
	}
	for _, l := range all {
		if l.Config().Name != "plaintext" {
			index[strings.ToLower(l.Config().Name)] = chroma.Coalesce(l)
		}
	}
	return index
})

// lexerFor returns the lexer for a language name or alias, in any case,
// or nil when there is none or it is plain text. chroma's lexers compile
// once and then tokenise concurrently.
func lexerFor(lang string) chroma.Lexer {
	return lexerIndex()[strings.ToLower(lang)]
}

// highlight renders code as <pre class="chroma"><code class="language-LANG">
// with one span per token: with a native scanner when there is one for
// lang, else with chroma. It writes nothing and reports false when lang
// has neither or chroma's lexer fails.
func highlight(w util.BufWriter, lang string, code []byte) bool {
	scan := scannerFor(lang)
	var tokens []chroma.Token
	if scan == nil {
		l := lexerFor(lang)
		if l == nil {
			return false
		}
		var err error
		if tokens, err = tokenise(l, string(code)); err != nil {
			return false
		}
	}
	_, _ = w.WriteString(`<pre class="chroma"><code class="language-`)
	escapeString(w, lang)
	_, _ = w.WriteString(`">`)
	out := &htmlSink{w: w}
	if scan != nil {
		scan(out, string(code))
	}
	for _, t := range tokens {
		out.emit(tokenClass(t.Type), t.Value)
	}
	out.close()
	_, _ = w.WriteString("</code></pre>\n")
	return true
}

// htmlSink writes tokens as spans with classes; consecutive tokens of
// one class share a span.
type htmlSink struct {
	w    util.BufWriter
	open string // class of the open span; "" when none is open
}

func (s *htmlSink) emit(class, text string) {
	if text == "" {
		return
	}
	if class != s.open {
		s.close()
		if class != "" {
			_, _ = s.w.WriteString(`<span class="`)
			_, _ = s.w.WriteString(class)
			_, _ = s.w.WriteString(`">`)
		}
		s.open = class
	}
	escapeString(s.w, text)
}

// close ends the open span.
func (s *htmlSink) close() {
	if s.open != "" {
		_, _ = s.w.WriteString(`</span>`)
		s.open = ""
	}
}

// tokenise runs the lexer, turning a panic in it into an error so that a
// lexer bug costs the colours of one block, not the build.
func tokenise(l chroma.Lexer, code string) (tokens []chroma.Token, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("lexer %s: %v", l.Config().Name, r)
		}
	}()
	it, err := l.Tokenise(nil, code)
	if err != nil {
		return nil, err
	}
	return it.Tokens(), nil
}

// tokenClass returns the CSS class of a token type, as chroma's HTML
// formatter names it, or "" for plain text and white space, which need no
// span.
func tokenClass(t chroma.TokenType) string {
	if t == chroma.Text || t == chroma.TextWhitespace || t == chroma.Whitespace {
		return ""
	}
	for ; t != 0; t = t.Parent() {
		if cls, ok := chroma.StandardTypes[t]; ok {
			return cls
		}
	}
	return ""
}

// escapeString writes s with <, >, & and " escaped and NUL replaced.
func escapeString(w util.BufWriter, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '&':
			esc = "&amp;"
		case '"':
			esc = "&quot;"
		case 0:
			esc = "\uFFFD" // as goldmark does; NUL is not allowed in HTML text
		default:
			continue
		}
		_, _ = w.WriteString(s[last:i])
		_, _ = w.WriteString(esc)
		last = i + 1
	}
	_, _ = w.WriteString(s[last:])
}
