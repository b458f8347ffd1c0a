package markdown

import (
	"bytes"
	"fmt"
	"io"
	"sync"
	"testing"
)

// TestConcurrentConvert runs one Converter from many goroutines; with
// -race it also checks for data races. Every result must equal the one
// from a lone conversion.
func TestConcurrentConvert(t *testing.T) {
	reg := NewRegistry()
	reg.Register(KindFunc("scenario", func(w io.Writer, body []byte, ctx *BlockContext) error {
		_, err := fmt.Fprintf(w, "<div id=%q>%d</div>\n", ctx.ID("s"), ctx.Pos.Line)
		return err
	}))
	c := New(Options{Registry: reg})
	pages := []string{benchPage, "# A\n\n## A\n\n```scenario\nx\n```\n", "```yaml\na: 1\n```\n[x](y)"}
	want := make([][]byte, len(pages))
	for i, p := range pages {
		want[i] = convert(t, c, p, Context{File: "p.md"}).HTML
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 20 {
				p := (g + i) % len(pages)
				res, err := c.Convert([]byte(pages[p]), Context{File: "p.md"})
				if err != nil || !bytes.Equal(res.HTML, want[p]) {
					t.Errorf("page %d: concurrent conversion differs (err %v)", p, err)
					return
				}
			}
		})
	}
	wg.Wait()
}
