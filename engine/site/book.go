package site

import (
	"github.com/loopbook/loopbook/engine/markdown"
	"github.com/loopbook/loopbook/engine/parallel"
)

// Book runs a site's executable blocks ahead of rendering, so that a
// block may depend on blocks of other pages (a quiz's proof on a scenario,
// the map on every scenario's trace). Its registered Kinds then render
// each block from what Prepare computed, finding it by page and position.
type Book interface {
	// Prepare receives every block of a registered kind in the site, in
	// page order and document order within a page. It returns a key that
	// changes whenever the rendering of any block would change (a hash of
	// the results), or the errors found, as a diag.List with positions.
	Prepare(blocks []PageBlock) (key string, err error)
}

// PageBlock is one block and the page it is on.
type PageBlock struct {
	// Page is the page's source path, as BlockContext.Page names it.
	Page string
	markdown.Block
}

// prepare finds every block of the site's pages and hands them to the
// Book; it returns the Book's key, "" without a Book.
func (b *Builder) prepare(src *Source) (string, error) {
	if b.opts.Book == nil {
		return "", nil
	}
	return b.opts.Book.Prepare(findBlocks(src, b.conv))
}

// FindBlocks returns every block of a kind registered in reg on the
// pages of src, in page order, as a build hands them to its Book.
func FindBlocks(src *Source, reg *markdown.Registry) []PageBlock {
	return findBlocks(src, markdown.New(markdown.Options{Unsafe: src.Config.Markdown.Unsafe, Registry: reg}))
}

func findBlocks(src *Source, conv *markdown.Converter) []PageBlock {
	found := make([][]markdown.Block, len(src.Pages))
	parallel.Do(len(src.Pages), func(i int) {
		p := src.Pages[i]
		found[i] = conv.Blocks(p.Body, markdown.Context{File: p.Source, Line: p.Line})
	})
	var blocks []PageBlock
	for i, p := range src.Pages {
		for _, blk := range found[i] {
			blocks = append(blocks, PageBlock{Page: p.Source, Block: blk})
		}
	}
	return blocks
}
