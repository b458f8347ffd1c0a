package site

import (
	"bytes"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"sort"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/parallel"
)

// renderer turns converted pages into the files of the site.
type renderer struct {
	src    *Source
	theme  *theme
	minify bool
	min    *minifier
	assets map[string]string // theme asset name → output path
}

var idAttr = regexp.MustCompile(` id="([^"]+)"`)

// render executes the layouts for every page, adds the print edition, the
// not-found page, the assets, the static files and the sitemap, checks the
// links, and returns the files in path order.
func (r *renderer) render(pbs []*pageBuild) (*Output, error) {
	if r.minify {
		r.min = newMinifier()
	}
	files, paths, err := publishAssets(r.theme.assets, r.min)
	if err != nil {
		return nil, fmt.Errorf("assets: %w", err)
	}
	index, err := searchIndexFile(pagesOf(pbs))
	if err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	files = append(files, index)
	paths[searchIndexAsset] = index.Path
	r.assets = paths
	order := map[*Page]int{}
	for i, pb := range pbs {
		order[pb.page] = i
	}
	// The print edition and the not-found page render beside the pages:
	// the print edition is the largest file by far.
	assetFiles := files
	specials := []func() (File, error){
		func() (File, error) { return r.special(KindPrint, pbs) },
		func() (File, error) { return r.special(KindNotFound, pbs) },
		func() (File, error) { return r.offline(pbs, assetFiles) },
	}
	specialFiles := make([]File, len(specials))
	specialErrs := make([]error, len(specials))
	parallel.Do(len(specials)+len(pbs), func(i int) {
		if i < len(specials) {
			specialFiles[i], specialErrs[i] = specials[i]()
			return
		}
		pb := pbs[i-len(specials)]
		pb.html, pb.err = r.page(pb.page, r.view(pb.page, pbs, order))
		if pb.err == nil {
			pb.ids = scanIDs(pb.html)
			pb.html, pb.err = r.min.bytes(".html", pb.html)
		}
	})
	var errs diag.List
	for _, pb := range pbs {
		if pb.err != nil {
			errs.Add(fmt.Errorf("%s: render: %w", pb.page.Source, pb.err))
		}
	}
	for _, err := range specialErrs {
		errs.Add(err)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	ids := map[string]map[string]bool{}
	for _, pb := range pbs {
		files = append(files, File{Path: pb.page.Out, Data: pb.html})
		ids[pb.page.Out] = pb.ids
	}
	files = append(files, specialFiles...)
	for _, s := range r.src.Static {
		data, err := os.ReadFile(filepath.Join(r.src.Dir, filepath.FromSlash(s.Source)))
		if err != nil {
			return nil, err
		}
		files = append(files, File{Path: s.Out, Data: data})
	}
	sm, err := r.min.bytes("sitemap.xml", sitemap(r.src))
	if err != nil {
		return nil, err
	}
	files = append(files, File{Path: "sitemap.xml", Data: sm})
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })

	exists := make(map[string]bool, len(files))
	for _, f := range files {
		exists[f.Path] = true
	}
	if err := checkLinks(pbs, exists, ids); err != nil {
		return nil, err
	}
	var external []string
	for _, pb := range pbs {
		external = append(external, pb.external...)
	}
	return &Output{Files: files, Pages: len(pbs), External: uniqueSorted(external)}, nil
}

// page executes the layout of the page's kind.
func (r *renderer) page(p *Page, v *PageView) ([]byte, error) {
	var buf bytes.Buffer
	size := 16 << 10
	for _, e := range v.Print {
		size += len(e.Content) + 256
	}
	buf.Grow(size)
	if err := r.theme.layouts[p.Kind].ExecuteTemplate(&buf, "base", v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// special renders print.html or 404.html at the root.
func (r *renderer) special(k Kind, pbs []*pageBuild) (File, error) {
	p := &Page{Kind: k, Out: k.String() + ".html"}
	v := r.baseView(p)
	switch k {
	case KindPrint:
		v.Page.Title = r.src.Config.Title
		v.Print = r.printEntries(pbs)
	case KindNotFound:
		v.Page.Title = "Page not found"
	}
	v.Nav = r.nav(p)
	html, err := r.page(p, v)
	if err != nil {
		return File{}, fmt.Errorf("render %s: %w", p.Out, err)
	}
	html, err = r.min.bytes(p.Out, html)
	return File{Path: p.Out, Data: html}, err
}

// baseView fills what every page shares.
func (r *renderer) baseView(p *Page) *PageView {
	cfg := r.src.Config
	root := rootPrefix(p.Out)
	v := &PageView{
		Site: SiteView{Title: cfg.Title, Description: cfg.Description, Language: cfg.Language, BaseURL: cfg.BaseURL, Params: cfg.Params},
		Root: root,
		Assets: AssetView{
			CSS:     root + r.assets["style.css"],
			JS:      root + r.assets["loopbook.js"],
			Favicon: root + r.assets["favicon.svg"],
			Search:  root + r.assets[searchIndexAsset],
		},
		Page: PageData{Kind: p.Kind.String(), URL: relURL(p.Out, p.Out), Path: p.Out, Description: cfg.Description},
	}
	if a := r.assets["blocks.css"]; a != "" {
		v.Assets.BlocksCSS = root + a
	}
	if a := r.assets["blocks.js"]; a != "" {
		v.Assets.BlocksJS = root + a
	}
	if cfg.BaseURL != "" {
		v.Page.Canonical = cfg.BaseURL + p.Out
	}
	return v
}

// view builds the data a page's layout receives.
func (r *renderer) view(p *Page, pbs []*pageBuild, order map[*Page]int) *PageView {
	v := r.baseView(p)
	d := &v.Page
	d.Title, d.Summary, d.Question = p.Front.Title, p.Front.Summary, p.Front.Question
	if p.Front.Description != "" {
		d.Description = p.Front.Description
	} else if p.Front.Summary != "" {
		d.Description = p.Front.Summary
	} else if p.Content != nil {
		if first := firstParagraph(p.Content.HTML); first != "" {
			d.Description = first
		}
	}
	if p.Content != nil {
		d.Content = template.HTML(p.Content.HTML)
		for _, h := range p.Content.TOC {
			d.TOC = append(d.TOC, TOCEntry{Level: h.Level, ID: h.ID, Title: h.Title})
		}
	}
	for a := p.Parent; a != nil; a = a.Parent {
		d.Breadcrumbs = append([]Link{r.link(p, a)}, d.Breadcrumbs...)
	}
	i := order[p]
	if i > 0 {
		l := r.link(p, pbs[i-1].page)
		d.Prev = &l
	}
	if i+1 < len(pbs) {
		l := r.link(p, pbs[i+1].page)
		d.Next = &l
	}
	for _, c := range p.Children {
		l := r.link(p, c)
		if p.Kind == KindHome && c.IsSection() {
			l.Pages = leafPages(c)
		}
		d.Children = append(d.Children, l)
	}
	v.Nav = r.nav(p)
	return v
}

// link is the Link from page from to page to.
func (r *renderer) link(from, to *Page) Link {
	return Link{Title: to.Front.Title, URL: relURL(from.Out, to.Out), Summary: to.Front.Summary}
}

// navMaxItems bounds the entries of one level of the sidebar. A level with
// more shows a window around the current page and a link to the section
// that lists them all, so a page's size does not grow with the site's
// (Docsy truncates long menus the same way, with sidebar_menu_truncate).
const navMaxItems = 50

// nav builds the sidebar for page p: every top-level entry, and the
// children of each section on the way down to p.
func (r *renderer) nav(p *Page) []NavItem {
	ancestors := map[*Page]bool{}
	for a := p.Parent; a != nil; a = a.Parent {
		ancestors[a] = true
	}
	var build func(parent *Page) []NavItem
	build = func(parent *Page) []NavItem {
		children := parent.Children
		start, end := navWindow(children, p, ancestors)
		items := make([]NavItem, 0, end-start+1)
		for _, c := range children[start:end] {
			it := NavItem{Title: c.Front.Title, URL: relURL(p.Out, c.Out), Path: c.Out, Current: c == p, Ancestor: ancestors[c], IsSection: c.IsSection()}
			if c.IsSection() && (it.Current || it.Ancestor) {
				it.Children = build(c)
			}
			items = append(items, it)
		}
		if end-start < len(children) {
			items = append(items, NavItem{
				Title:     fmt.Sprintf("All %d entries of %s", len(children), parent.Front.Title),
				URL:       relURL(p.Out, parent.Out),
				Current:   parent == p,
				IsSection: true,
			})
		}
		return items
	}
	return build(r.src.Home)
}

// navWindow chooses which children of one level the sidebar lists: all of
// them, or navMaxItems centred on the one that is p or holds p.
func navWindow(children []*Page, p *Page, ancestors map[*Page]bool) (start, end int) {
	if len(children) <= navMaxItems {
		return 0, len(children)
	}
	focus := 0
	for i, c := range children {
		if c == p || ancestors[c] {
			focus = i
			break
		}
	}
	start = min(max(focus-navMaxItems/2, 0), len(children)-navMaxItems)
	return start, start + navMaxItems
}

// scanIDs collects the id attributes of rendered HTML.
func scanIDs(html []byte) map[string]bool {
	ids := map[string]bool{}
	for _, m := range idAttr.FindAllSubmatch(html, -1) {
		ids[string(m[1])] = true
	}
	return ids
}
