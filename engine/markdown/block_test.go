package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
)

// recorder is a kind that records what it was given and renders a marker.
type recorder struct {
	name  string
	calls []*BlockContext
	body  []string
	err   error
}

func (r *recorder) Name() string { return r.name }

func (r *recorder) Render(w io.Writer, body []byte, ctx *BlockContext) error {
	c := *ctx
	r.calls = append(r.calls, &c)
	r.body = append(r.body, string(body))
	fmt.Fprintf(w, "<div class=\"%s\" id=\"%s\">rendered</div>\n", r.name, ctx.ID(r.name))
	return r.err
}

func TestKindDispatch(t *testing.T) {
	// The file has 4 lines of front matter, so src begins at line 5. The
	// opening fence is on file line 12 and the body on line 13.
	src := "# Lesson\n\nSome text.\n\nMore text.\n\nAnd more.\n```scenario first {#x}\nactors: [alice]\nsteps:\n  - apply\n```\n"
	rec := &recorder{name: "scenario"}
	reg := NewRegistry()
	reg.Register(rec)
	c := New(Options{Registry: reg})
	data := map[string]any{"seed": 7}
	res := convert(t, c, src, Context{File: "lessons/a.md", Line: 5, Data: data})

	if len(rec.calls) != 1 {
		t.Fatalf("kind called %d times, want 1", len(rec.calls))
	}
	ctx := rec.calls[0]
	if want := (diag.Pos{File: "lessons/a.md", Line: 13, Col: 1}); ctx.Pos != want {
		t.Errorf("Pos = %v, want %v", ctx.Pos, want)
	}
	if ctx.Page != "lessons/a.md" || ctx.Info != "scenario first {#x}" || ctx.Data["seed"] != 7 {
		t.Errorf("context = %+v", ctx)
	}
	if want := "actors: [alice]\nsteps:\n  - apply\n"; rec.body[0] != want {
		t.Errorf("body = %q, want %q", rec.body[0], want)
	}
	html := string(res.HTML)
	checkContains(t, html, []string{`<div class="scenario" id="scenario">rendered</div>`}, []string{"<pre", "actors:"})
	if res.IDs[len(res.IDs)-1] != "scenario" {
		t.Errorf("IDs = %q, want the block's id last", res.IDs)
	}
}

func TestKindPositionInContainers(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want diag.Pos // of the first body line
		line diag.Pos // Position(2, 3)
	}{
		{"top level", "```quiz\nq: one\nq: two\n```\n", diag.Pos{File: "q.md", Line: 11, Col: 1}, diag.Pos{File: "q.md", Line: 12, Col: 3}},
		{"block quote", "> ```quiz\n> q: one\n> q: two\n> ```\n", diag.Pos{File: "q.md", Line: 11, Col: 3}, diag.Pos{File: "q.md", Line: 12, Col: 5}},
		{"list item", "- item\n\n  ```quiz\n  q: one\n  q: two\n  ```\n", diag.Pos{File: "q.md", Line: 13, Col: 3}, diag.Pos{File: "q.md", Line: 14, Col: 5}},
		{"empty body", "```quiz\n```\n", diag.Pos{File: "q.md", Line: 11, Col: 1}, diag.Pos{File: "q.md", Line: 11, Col: 1}},
		{"unicode before body", "> ```quiz\n> ü\n> é\n> ```\n", diag.Pos{File: "q.md", Line: 11, Col: 3}, diag.Pos{File: "q.md", Line: 12, Col: 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got, at diag.Pos
			reg := NewRegistry()
			reg.Register(KindFunc("quiz", func(w io.Writer, body []byte, ctx *BlockContext) error {
				got, at = ctx.Pos, ctx.Position(2, 3)
				return nil
			}))
			convert(t, New(Options{Registry: reg}), tt.src, Context{File: "q.md", Line: 10})
			if got != tt.want {
				t.Errorf("Pos = %v, want %v", got, tt.want)
			}
			if at != tt.line {
				t.Errorf("Position(2, 3) = %v, want %v", at, tt.line)
			}
		})
	}
}

func TestKindErrors(t *testing.T) {
	src := "text\n\n```scenario\nsteps:\n  - explode\n```\n\n```quiz\nbad\n```\n"
	reg := NewRegistry()
	reg.Register(KindFunc("scenario", func(w io.Writer, body []byte, ctx *BlockContext) error {
		io.WriteString(w, "<partial>")
		return diag.Errorf(ctx.Position(2, 5), "unknown step %q", "explode").WithHint(`did you mean "expose"?`)
	}))
	reg.Register(KindFunc("quiz", func(w io.Writer, body []byte, ctx *BlockContext) error {
		return errors.New("no question")
	}))
	res, err := New(Options{Registry: reg}).Convert([]byte(src), Context{File: "l.md", Line: 20})
	if err == nil {
		t.Fatal("want an error")
	}
	var list diag.List
	if !errors.As(err, &list) || len(list) != 2 {
		t.Fatalf("err = %#v, want a diag.List of 2", err)
	}
	want := "l.md:24:5: unknown step \"explode\"; did you mean \"expose\"?\nl.md:28:1: no question"
	if err.Error() != want {
		t.Errorf("err =\n%s\nwant\n%s", err, want)
	}
	if list[1].Phase != "markdown" {
		t.Errorf("Phase = %q, want markdown", list[1].Phase)
	}
	html := string(res.HTML)
	checkContains(t, html,
		[]string{"<pre><code class=\"language-scenario\">steps:\n  - explode\n</code></pre>", "<p>text</p>"},
		[]string{"<partial>"})
}

func TestUnregisteredKindIsCode(t *testing.T) {
	reg := NewRegistry()
	reg.Register(nopKind("scenario"))
	res := convert(t, New(Options{Registry: reg}), "```yaml\nkind: Pod\n```\n\n```scenarios\nx\n```\n", Context{})
	checkContains(t, string(res.HTML),
		[]string{`<pre class="chroma"><code class="language-yaml">`, `<pre><code class="language-scenarios">x`},
		nil)
}

func TestKindIDsUnique(t *testing.T) {
	reg := NewRegistry()
	reg.Register(KindFunc("map", func(w io.Writer, body []byte, ctx *BlockContext) error {
		fmt.Fprintf(w, "<figure id=%q></figure>\n", ctx.ID("Map "+strings.TrimSpace(string(body))))
		return nil
	}))
	res := convert(t, New(Options{Registry: reg}), "## Map one\n\n```map\none\n```\n\n```map\none\n```\n\n```map\n!\n```\n", Context{})
	want := []string{"map-one", "map-one-1", "map-one-2", "map-"}
	if strings.Join(res.IDs, " ") != strings.Join(want, " ") {
		t.Errorf("IDs = %q, want %q", res.IDs, want)
	}
	if !bytes.Contains(res.HTML, []byte(`<figure id="map-one-2">`)) {
		t.Errorf("HTML = %s", res.HTML)
	}
}

func TestBlocksFindsKindsWithPositions(t *testing.T) {
	reg := NewRegistry()
	reg.Register(KindFunc("scenario", func(w io.Writer, body []byte, ctx *BlockContext) error { return nil }))
	c := New(Options{Registry: reg})
	src := "# T\n\n```scenario id=a\nid: a\ntitle: x\n```\n\n- item\n\n  ```scenario\n  id: b\n  ```\n\n```go\nx := 1\n```\n"
	got := c.Blocks([]byte(src), Context{File: "l.md", Line: 3})
	if len(got) != 2 {
		t.Fatalf("found %d blocks, want 2: %+v", len(got), got)
	}
	want := []struct {
		info, body string
		line, col  int
	}{{"scenario id=a", "id: a\ntitle: x\n", 6, 1}, {"scenario", "id: b\n", 13, 3}}
	for i, w := range want {
		b := got[i]
		if b.Kind != "scenario" || b.Info != w.info || string(b.Body) != w.body || b.Pos.Line != w.line || b.Pos.Col != w.col || b.Pos.File != "l.md" {
			t.Errorf("block %d = %+v, want %+v", i, b, w)
		}
	}
	if n := len(c.Blocks([]byte("no fences here\n"), Context{})); n != 0 {
		t.Errorf("plain text: %d blocks", n)
	}
	if n := len(New(Options{}).Blocks([]byte(src), Context{})); n != 0 {
		t.Errorf("no registry: %d blocks", n)
	}
}
