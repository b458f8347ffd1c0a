package main

import (
	"fmt"
	"io"

	"github.com/loopbook/loopbook/engine/site"
)

// heaviestShown is how many pages the build report lists by weight.
const heaviestShown = 5

// report prints the search index's size and the heaviest pages of a
// build: what a reader's browser loads, so that growth shows in review.
func report(w io.Writer, out *site.Output) {
	if idx, ok := out.SearchIndex(); ok {
		fmt.Fprintf(w, "Search index %s (%.1f%% of the site)\n", humanBytes(len(idx.Data)), 100*float64(len(idx.Data))/float64(max(out.Size(), 1)))
	}
	weights := out.Weights()
	if len(weights) == 0 {
		return
	}
	fmt.Fprintln(w, "Heaviest pages (the page and its CSS, JS and images, gzipped):")
	for _, pw := range weights[:min(heaviestShown, len(weights))] {
		fmt.Fprintf(w, "  %9s  %s\n", humanBytes(pw.Bytes), pw.Path)
	}
}
