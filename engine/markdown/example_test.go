package markdown_test

import (
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/markdown"
)

func ExampleConverter_Convert() {
	// A kind renders the fenced blocks that name it.
	steps := markdown.KindFunc("steps", func(w io.Writer, body []byte, ctx *markdown.BlockContext) error {
		fmt.Fprintf(w, "<ol id=%q>", ctx.ID("steps"))
		for i, line := range strings.Split(strings.TrimSpace(string(body)), "\n") {
			if line == "" {
				// Errors name the line inside the lesson file.
				return diag.Errorf(ctx.Position(i+1, 1), "empty step")
			}
			fmt.Fprintf(w, "<li>%s</li>", html.EscapeString(line))
		}
		_, err := io.WriteString(w, "</ol>\n")
		return err
	})
	reg := markdown.NewRegistry()
	reg.Register(steps)
	conv := markdown.New(markdown.Options{Registry: reg})

	src := "# Binding\n\nSee [gates](gates.md).\n\n```steps\nschedule\nbind\n```\n"
	res, err := conv.Convert([]byte(src), markdown.Context{
		File: "lessons/bind.md",
		Line: 4, // three lines of front matter came first
		Resolve: func(dest string, pos diag.Pos) (string, error) {
			return strings.TrimSuffix(dest, ".md") + ".html", nil
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(res.HTML))
	fmt.Println(res.Title, res.IDs)
	fmt.Println(res.Links[0].Orig, "->", res.Links[0].Dest, "at", res.Links[0].Pos)
	// Output:
	// <h1 id="binding">Binding</h1>
	// <p>See <a href="gates.html">gates</a>.</p>
	// <ol id="steps"><li>schedule</li><li>bind</li></ol>
	// Binding [binding steps]
	// gates.md -> gates.html at lessons/bind.md:6:5
}

func ExampleStyleCSS() {
	css := markdown.StyleCSS()
	fmt.Println(strings.SplitN(css, "\n", 3)[1])
	// Output:
	// .chroma { color: #1f2328; background-color: #f7f7f7 }
}
