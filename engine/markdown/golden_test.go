package markdown

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenKind stands in for the real lesson kinds: it shows its body's
// lines in a list with an id.
func goldenKind(w io.Writer, body []byte, ctx *BlockContext) error {
	fmt.Fprintf(w, "<ol class=\"scenario\" id=\"%s\" data-line=\"%d\">\n", ctx.ID("scenario"), ctx.Pos.Line)
	for _, line := range strings.Split(strings.TrimSpace(string(body)), "\n") {
		fmt.Fprintf(w, "<li>%s</li>\n", line)
	}
	_, err := io.WriteString(w, "</ol>\n")
	return err
}

func TestGolden(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "rich.md"))
	if err != nil {
		t.Fatal(err)
	}
	reg := NewRegistry()
	reg.Register(KindFunc("scenario", goldenKind))
	c := New(Options{Registry: reg})
	ctx := Context{File: "lessons/02-scheduling/01-bind.md", Line: 6}
	res := convert(t, c, string(src), ctx)

	// Everything but the HTML, which has its own golden file.
	meta := struct {
		Title string
		TOC   []Heading
		IDs   []string
		Links []Link
		Text  string
	}{res.Title, res.TOC, res.IDs, res.Links, res.Text}
	var js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(meta); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, filepath.Join("testdata", "rich.html"), res.HTML)
	checkGolden(t, filepath.Join("testdata", "rich.json"), js.Bytes())

	again := convert(t, c, string(src), ctx)
	if !bytes.Equal(again.HTML, res.HTML) {
		t.Error("a second conversion gives different HTML")
	}
}

func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run go test -update and review the diff):\n%s", path, firstDiff(want, got))
	}
}

// firstDiff shows the first line that differs.
func firstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := range max(len(wl), len(gl)) {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\nwant %q\ngot  %q", i+1, w, g)
		}
	}
	return ""
}
