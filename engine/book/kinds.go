package book

import (
	"fmt"
	"html"
	"io"

	"github.com/loopbook/loopbook/engine/markdown"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// Registry returns the block kinds, one per block kind of the format,
// each rendering a block from what Prepare computed for it.
func (b *Book) Registry() *markdown.Registry {
	r := markdown.NewRegistry()
	for _, kind := range spec.BlockKinds() {
		r.Register(markdown.KindFunc(kind, b.render))
	}
	return r
}

// render writes one block's HTML from its result.
func (b *Book) render(w io.Writer, body []byte, ctx *markdown.BlockContext) error {
	b.mu.Lock()
	e := b.entries[key{ctx.Page, ctx.Pos}]
	site := b.siteMap
	b.mu.Unlock()
	if e == nil {
		return fmt.Errorf("%s block was not prepared (is the Book set on the build?)", firstWord(ctx.Info))
	}
	if e.out == nil {
		// Left out by --run: show the source.
		_, err := fmt.Fprintf(w, "<pre class=\"lb-source\"><code>%s</code></pre>\n", html.EscapeString(string(body)))
		return err
	}
	return renderResult(w, e.out, ctx, site)
}

// firstWord returns s up to its first space.
func firstWord(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' || s[i] == '\t' {
			return s[:i]
		}
	}
	return s
}
