package markdown

import (
	"slices"
	"testing"
)

// TestBlockHeadingLevel checks the level a block's heading takes: below
// the page's h1 when no heading comes first, then below the last heading
// before the block, inside a list item too.
func TestBlockHeadingLevel(t *testing.T) {
	src := "```quiz\na\n```\n\n## Section\n\n```quiz\nb\n```\n\n### Part\n\n- item\n\n  ```quiz\n  c\n  ```\n\n###### Deep\n\n```quiz\nd\n```\n"
	rec := &recorder{name: "quiz"}
	reg := NewRegistry()
	reg.Register(rec)
	convert(t, New(Options{Registry: reg}), src, Context{File: "l.md"})
	var got []int
	for _, c := range rec.calls {
		got = append(got, c.HeadingLevel)
	}
	if want := []int{2, 3, 4, 6}; !slices.Equal(got, want) {
		t.Errorf("heading levels %v, want %v", got, want)
	}
}
