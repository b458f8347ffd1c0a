package markdown

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
)

// FuzzConvert checks that no input makes Convert panic, in safe and unsafe
// mode, with kinds and a resolver, and that what it reports is consistent:
// positions inside the file, TOC ids among the page's ids, and (without
// raw HTML) no id defined twice.
func FuzzConvert(f *testing.F) {
	seeds := []string{
		"",
		"# Title\n\n## A\n## A\n### Ü {#x}\n",
		"[a](b) ![](c) <https://d> www.e.f g@h.ij [^1]\n\n[^1]: n\n",
		"| a | [b](c) |\n|---|---|\n| ![](d) | e |\n",
		"```scenario\nx\n```\n> ```quiz\n> y\n> ```\n- ```go\n  func(){}\n  ```\n",
		"<div id=\"a\">\n\n<b>x</b> <!-- c -->\n",
		"```console\n$ ls\nout\n```\n```json\n{\"a\":1}\n```\n```\n```\n",
		"Term\n: def\n\n- [x] t\n~~s~~\n",
		"```python\ndef f(): pass\n```\n```html\n<b>x</b>\n```\n```diff\n-a\n+b\n```\n",
		"[\n![\n[](<>)\\[x](y \"z\")",
		"## \x00\xff\xfe {#}\n\t```\xe2\x80\n",
	}
	if golden, err := os.ReadFile(filepath.Join("testdata", "rich.md")); err == nil {
		seeds = append(seeds, string(golden))
	}
	for _, s := range seeds {
		f.Add(s, false)
	}
	reg := NewRegistry()
	reg.Register(KindFunc("scenario", func(w io.Writer, body []byte, ctx *BlockContext) error {
		fmt.Fprintf(w, "<div id=%q></div>", ctx.ID(string(body)))
		return nil
	}))
	reg.Register(KindFunc("quiz", func(w io.Writer, body []byte, ctx *BlockContext) error {
		return diag.Errorf(ctx.Position(len(body), len(body)), "bad quiz")
	}))
	converters := map[bool]*Converter{
		false: New(Options{Registry: reg}),
		true:  New(Options{Registry: reg, Unsafe: true}),
	}
	resolve := func(dest string, pos diag.Pos) (string, error) {
		if strings.HasPrefix(dest, "x") {
			return "", fmt.Errorf("bad link")
		}
		return "r/" + dest, nil
	}
	f.Fuzz(func(t *testing.T, src string, unsafe bool) {
		const first = 7
		res, err := converters[unsafe].Convert([]byte(src), Context{File: "f.md", Line: first, Resolve: resolve})
		last := first + strings.Count(src, "\n")
		inside := func(p diag.Pos) bool {
			return p.File == "f.md" && p.Line >= first && p.Line <= last && p.Col >= 1
		}
		for _, l := range res.Links {
			if !inside(l.Pos) {
				t.Errorf("link %q at %v, outside lines %d-%d", l.Orig, l.Pos, first, last)
			}
		}
		if list, ok := err.(diag.List); ok {
			for _, e := range list {
				if !inside(e.Pos) {
					t.Errorf("error %q at %v, outside lines %d-%d", e.Msg, e.Pos, first, last)
				}
			}
		} else if err != nil {
			t.Errorf("error %T is not a diag.List", err)
		}
		ids := map[string]bool{}
		for _, id := range res.IDs {
			if ids[id] && !unsafe && !strings.Contains(src, "{") {
				t.Errorf("id %q defined twice", id)
			}
			ids[id] = true
		}
		for _, h := range res.TOC {
			if !ids[h.ID] {
				t.Errorf("TOC id %q not among the ids", h.ID)
			}
		}
	})
}
