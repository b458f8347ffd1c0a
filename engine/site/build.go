package site

import (
	"fmt"
	"sort"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/markdown"
	"github.com/loopbook/loopbook/engine/parallel"
)

// Options configure a build.
type Options struct {
	Source  string // the site's root folder
	BaseURL string // overrides loopbook.yaml's baseURL when set
	Drafts  bool   // include draft pages
	Minify  bool   // minify HTML, CSS, JS and SVG
	// Registry holds the executable block kinds; nil means none, and every
	// fenced block renders as highlighted code.
	Registry *markdown.Registry
	// Book, when set, is handed every block of a registered kind before
	// any page is converted (see Book).
	Book Book
}

// File is one file of the built site.
type File struct {
	Path string // slash path relative to the output root
	Data []byte
}

// Output is a built site, held in memory until it is published or served.
type Output struct {
	Files    []File   // sorted by Path
	Pages    int      // rendered Markdown pages
	External []string // external link destinations, sorted, without duplicates
}

// Size is the total number of bytes of the output.
func (o *Output) Size() int {
	n := 0
	for _, f := range o.Files {
		n += len(f.Data)
	}
	return n
}

// Lookup returns the file at the slash path p.
func (o *Output) Lookup(p string) ([]byte, bool) {
	i := sort.Search(len(o.Files), func(i int) bool { return o.Files[i].Path >= p })
	if i < len(o.Files) && o.Files[i].Path == p {
		return o.Files[i].Data, true
	}
	return nil, false
}

// Builder builds a site repeatedly, reusing the converted Markdown of pages
// whose source and whose site tree did not change. One Builder must not run
// two builds at once.
type Builder struct {
	opts  Options
	cache map[string]cached
	// treeKey identifies the site tree the cache was made for: links are
	// rewritten against it, so a changed tree empties the cache.
	treeKey string
	unsafe  bool
	conv    *markdown.Converter
}

type cached struct {
	hash     [32]byte
	content  *markdown.Result
	links    []link
	external []string
}

// NewBuilder returns a Builder for opts.
func NewBuilder(opts Options) *Builder {
	if opts.Registry == nil {
		opts.Registry = markdown.NewRegistry()
	}
	return &Builder{opts: opts, cache: map[string]cached{}}
}

// Build builds the site once.
func Build(opts Options) (*Output, error) {
	return NewBuilder(opts).Build()
}

// pageBuild is the working state of one page during a build.
type pageBuild struct {
	page     *Page
	links    []link
	external []string
	html     []byte
	ids      map[string]bool
	err      error
}

// Build loads, converts, renders and checks the whole site.
func (b *Builder) Build() (*Output, error) {
	src, err := Load(b.opts.Source, LoadOptions{Drafts: b.opts.Drafts})
	if err != nil {
		return nil, err
	}
	if b.opts.BaseURL != "" {
		if err := src.Config.SetBaseURL(b.opts.BaseURL); err != nil {
			return nil, err
		}
	}
	th, err := loadTheme(b.opts.Source)
	if err != nil {
		return nil, fmt.Errorf("theme: %w", err)
	}
	if b.conv == nil || b.unsafe != src.Config.Markdown.Unsafe {
		b.conv = markdown.New(markdown.Options{Unsafe: src.Config.Markdown.Unsafe, Registry: b.opts.Registry})
		b.unsafe = src.Config.Markdown.Unsafe
		b.cache = map[string]cached{}
	}
	bookKey, err := b.prepare(src)
	if err != nil {
		return nil, err
	}
	if key := treeKey(src) + bookKey; key != b.treeKey {
		b.cache = map[string]cached{}
		b.treeKey = key
	}

	pbs := make([]*pageBuild, len(src.Pages))
	for i, p := range src.Pages {
		pbs[i] = &pageBuild{page: p}
	}
	parallel.Do(len(pbs), func(i int) { b.convert(src, pbs[i]) })
	var errs diag.List
	for _, pb := range pbs {
		errs.Add(pb.err)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	for _, pb := range pbs {
		b.cache[pb.page.Source] = cached{hash: pb.page.hash, content: pb.page.Content, links: pb.links, external: pb.external}
	}

	r := &renderer{src: src, theme: th, minify: b.opts.Minify}
	out, err := r.render(pbs)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// convert turns one page's Markdown into HTML, or takes it from the cache.
func (b *Builder) convert(src *Source, pb *pageBuild) {
	p := pb.page
	if c, ok := b.cache[p.Source]; ok && c.hash == p.hash {
		p.Content, pb.links, pb.external = c.content, c.links, c.external
		return
	}
	res := &resolver{src: src, page: p}
	content, err := b.conv.Convert(p.Body, markdown.Context{File: p.Source, Line: p.Line, Resolve: res.Resolve})
	if err != nil {
		pb.err = err
		return
	}
	p.Content, pb.links, pb.external = content, res.links, res.external
}

// treeKey summarises the site tree: every page's source and output path.
func treeKey(src *Source) string {
	var b strings.Builder
	for _, p := range src.Pages {
		b.WriteString(p.Source)
		b.WriteByte('>')
		b.WriteString(p.Out)
		b.WriteByte('\n')
	}
	for _, f := range src.Static {
		b.WriteString(f.Source)
		b.WriteByte('\n')
	}
	return b.String()
}

// uniqueSorted sorts s and drops duplicates.
func uniqueSorted(s []string) []string {
	sort.Strings(s)
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}
