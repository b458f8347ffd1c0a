package markdown

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// Options configures a Converter.
type Options struct {
	// Unsafe lets raw HTML and arbitrary heading attributes through.
	// default: false, raw HTML is shown escaped, as text, and headings keep
	// only their id and class attributes.
	Unsafe bool
	// Registry holds the block kinds. It is consulted at every conversion,
	// so kinds registered after New are seen. default: nil, no kinds;
	// every fenced block is code.
	Registry *Registry
}

// Converter turns Markdown into HTML. It is safe for concurrent use by many
// goroutines; build one per site and reuse it.
type Converter struct {
	md       goldmark.Markdown
	unsafe   bool
	registry *Registry
}

// New builds a Converter. The Markdown parser and renderers are assembled
// here once, so that each conversion only parses and renders.
func New(opts Options) *Converter {
	rendering := []renderer.Option{
		renderer.WithNodeRenderers(
			util.Prioritized(codeRenderer{}, 100),
			util.Prioritized(rawHTMLRenderer{unsafe: opts.Unsafe}, 100),
		),
	}
	if opts.Unsafe {
		rendering = append(rendering, html.WithUnsafe())
	}
	md := goldmark.New(
		goldmark.WithExtensions(
			extension.GFM,
			extension.Footnote,
			extension.DefinitionList,
			&blockExtension{registry: opts.Registry},
		),
		goldmark.WithParserOptions(
			parser.WithHeadingAttribute(),
			parser.WithASTTransformers(
				util.Prioritized(headingIDs{unsafe: opts.Unsafe}, 50),
			),
		),
		goldmark.WithRendererOptions(rendering...),
	)
	return &Converter{md: md, unsafe: opts.Unsafe, registry: opts.Registry}
}
