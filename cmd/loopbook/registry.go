package main

import (
	"regexp"

	"github.com/loopbook/loopbook/engine/book"
	"github.com/loopbook/loopbook/engine/markdown"
)

// lessons returns the Book that runs a site's lesson blocks and the block
// kinds that render them; run, when not nil, selects blocks by id.
func lessons(source string, run *regexp.Regexp) (*book.Book, *markdown.Registry) {
	b := book.New(book.Options{Source: source, Run: run})
	return b, b.Registry()
}
