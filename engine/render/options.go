package render

import (
	"strconv"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

// Options tell a renderer where its fragment sits on the page. The zero
// value is valid for every renderer.
type Options struct {
	// ID is the block's id: the fragment's outer element carries it and
	// every other id in the fragment starts with it followed by "-".
	// Characters other than ASCII letters, digits, "-" and "_" become "-".
	// default: the result's own ID, or the renderer's name ("map") when
	// that is empty too.
	ID string
	// Number is the block's number on its page, printed before a
	// scenario's title ("01 · Create a Deployment"); 0 prints none.
	Number int
	// HeadingLevel is the level of the block's own heading (2–6); inner
	// headings take the next level, at most 6. default: 3.
	HeadingLevel int
	// Map is the cluster map a quiz draws for its which-actor questions;
	// the other renderers draw the map their result carries and ignore it.
	Map *result.Map
}

// blockID returns the fragment's id: opts.ID, else fallback, else name,
// cleaned to the characters ids keep.
func (o Options) blockID(fallback, name string) string {
	id := o.ID
	if id == "" {
		id = fallback
	}
	if id == "" {
		id = name
	}
	b := []byte(id)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			b[i] = '-'
		}
	}
	return string(b)
}

// heading returns the tag of the block's heading and of the headings
// inside it.
func (o Options) heading() (outer, inner string) {
	l := o.HeadingLevel
	if l < 2 || l > 6 {
		l = 3
	}
	return "h" + strconv.Itoa(l), "h" + strconv.Itoa(min(l+1, 6))
}

// twoDigits formats n as the source course numbers its parts: "01", "12".
func twoDigits(n int) string {
	if n >= 0 && n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// deeper returns the heading tag one level below h, at most h6.
func deeper(h string) string {
	if len(h) == 2 && h[1] >= '2' && h[1] < '6' {
		return "h" + string(h[1]+1)
	}
	return "h6"
}
