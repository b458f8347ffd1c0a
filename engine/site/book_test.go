package site

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/markdown"
)

// fakeBook counts the blocks of each page and renders each block as the
// number of blocks in the whole site, proving that a kind sees results
// computed across pages.
type fakeBook struct {
	blocks []PageBlock
	fail   bool
}

func (b *fakeBook) Prepare(blocks []PageBlock) (string, error) {
	b.blocks = blocks
	if b.fail {
		return "", &diag.Error{Pos: blocks[0].Pos, Msg: "claim is false"}
	}
	return fmt.Sprint(len(blocks)), nil
}

func (b *fakeBook) kind() markdown.Kind {
	return markdown.KindFunc("scenario", func(w io.Writer, body []byte, ctx *markdown.BlockContext) error {
		for _, blk := range b.blocks {
			if blk.Page == ctx.Page && blk.Pos == ctx.Pos {
				_, err := fmt.Fprintf(w, `<p class="ran">%d of %d</p>`, len(blk.Body), len(b.blocks))
				return err
			}
		}
		return errors.New("block not prepared")
	})
}

func TestBookSeesEveryBlockBeforeRendering(t *testing.T) {
	book := &fakeBook{}
	reg := markdown.NewRegistry()
	reg.Register(book.kind())
	archive := withFile(t, "small.txtar", "lessons/01-basics/02-second.md",
		"---\ntitle: Second\n---\n\n```scenario\nid: a\n```\n\n## The second part\n\n> ```scenario\n> id: bb\n> ```\n")
	dir := writeSite(t, archive)
	out := build(t, dir, Options{Registry: reg, Book: book})
	if len(book.blocks) != 2 {
		t.Fatalf("book saw %d blocks, want 2", len(book.blocks))
	}
	if b := book.blocks[1]; b.Page != "lessons/01-basics/02-second.md" || b.Pos.Line != 12 || b.Pos.Col != 3 || string(b.Body) != "id: bb\n" {
		t.Errorf("second block = %+v", b)
	}
	page, _ := out.Lookup("basics/second.html")
	if !bytes.Contains(page, []byte(`<p class="ran">6 of 2</p>`)) || !bytes.Contains(page, []byte(`<p class="ran">7 of 2</p>`)) {
		t.Errorf("blocks not rendered from the book:\n%s", page)
	}

	book.fail = true
	_, err := Build(Options{Source: dir, Registry: reg, Book: book})
	if err == nil || !strings.Contains(err.Error(), "02-second.md:6:1: claim is false") {
		t.Errorf("a book's error must fail the build at its position, got %v", err)
	}
}
