package book

import (
	"fmt"
	"html"
	"io"

	"github.com/loopbook/loopbook/engine/markdown"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// renderResult writes a block's result as HTML.
func renderResult(w io.Writer, out any, ctx *markdown.BlockContext) error {
	switch r := out.(type) {
	case *result.Scenario:
		ctx.ID(r.ID)
		fmt.Fprintf(w, "<section class=\"lb-scenario\" id=\"%s\"><h3>%s</h3><ol>\n", html.EscapeString(r.ID), html.EscapeString(r.Title))
		for _, st := range r.Steps {
			op := ""
			if ev := st.First(); ev != nil {
				op = string(ev.From) + " " + result.Operation(ev)
			}
			fmt.Fprintf(w, "<li><strong>%s</strong> <code>%s</code> %s</li>\n", html.EscapeString(st.Title), html.EscapeString(op), html.EscapeString(st.Say))
		}
		_, err := io.WriteString(w, "</ol></section>\n")
		return err
	}
	_, err := fmt.Fprintf(w, "<div class=\"lb-block\">%T</div>\n", out)
	return err
}
