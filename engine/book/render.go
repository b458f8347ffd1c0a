package book

import (
	"fmt"
	"io"

	"github.com/loopbook/loopbook/engine/markdown"
	"github.com/loopbook/loopbook/engine/render"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// renderResult writes a block's result as HTML with the renderers. The
// block's id is claimed on the page, so links to it are checked and two
// blocks never share one; site is the site's map, drawn by quizzes.
func renderResult(w io.Writer, out any, ctx *markdown.BlockContext, site *result.Map) error {
	opts := render.Options{HeadingLevel: ctx.HeadingLevel}
	switch r := out.(type) {
	case *result.Scenario:
		opts.ID = ctx.ID(r.ID)
		return render.Scenario(w, r, opts)
	case *result.Failures:
		opts.ID = ctx.ID(r.ID)
		return render.Failures(w, r, opts)
	case *result.Whatif:
		opts.ID = ctx.ID(r.ID)
		return render.Whatif(w, r, opts)
	case *result.Gates:
		opts.ID = ctx.ID(r.ID)
		return render.Gates(w, r, opts)
	case *result.Quiz:
		opts.ID = ctx.ID(r.ID)
		opts.Map = site
		return render.Quiz(w, r, opts)
	case *result.MapBlock:
		opts.ID = ctx.ID(orMap(r.ID))
		return render.MapBlock(w, r, opts)
	}
	return fmt.Errorf("no renderer for %T", out)
}

// orMap returns id, or "map" for a map block without one.
func orMap(id string) string {
	if id == "" {
		return "map"
	}
	return id
}
