package site

import (
	"html/template"
	"path"
	"strings"
)

// printAnchor is the id of a page's article in print.html.
func printAnchor(out string) string {
	return "page-" + strings.ReplaceAll(strings.TrimSuffix(out, ".html"), "/", "-")
}

// The attributes printRewrite rewrites.
var (
	printIDAttr    = []string{"id"}
	printLinkAttrs = []string{"href", "src"}
)

// printEntries lists every page for print.html, with ids made unique by a
// per-page prefix and links rewritten to point inside print.html where
// their target is a page.
func (r *renderer) printEntries(pbs []*pageBuild) []PrintEntry {
	byOut := map[string]bool{}
	for _, pb := range pbs {
		byOut[pb.page.Out] = true
	}
	entries := make([]PrintEntry, len(pbs))
	for i, pb := range pbs {
		p := pb.page
		depth := 0
		for a := p.Parent; a != nil; a = a.Parent {
			depth++
		}
		var content string
		if p.Content != nil {
			content = printRewrite(string(p.Content.HTML), p.Out, byOut)
		}
		entries[i] = PrintEntry{Anchor: printAnchor(p.Out), Depth: depth, Kind: p.Kind.String(), Title: p.Front.Title, Content: template.HTML(content)}
	}
	return entries
}

// printRewrite moves one page's HTML from its own location to print.html.
func printRewrite(html, out string, pages map[string]bool) string {
	anchor := printAnchor(out)
	html = replaceAttrs(html, printIDAttr, nil, func(_, _, id string) string { return ` id="` + anchor + `--` + id + `"` })
	dir := path.Dir(out)
	return replaceAttrs(html, printLinkAttrs, nil, func(m, attr, u string) string {
		if isExternal(u) {
			return m
		}
		p, frag, hasFrag := strings.Cut(u, "#")
		target := out
		if p != "" {
			target = path.Join(dir, p)
		}
		if attr == "href" && pages[target] {
			a := printAnchor(target)
			if hasFrag && frag != "" {
				a += "--" + frag
			}
			return ` href="#` + a + `"`
		}
		if p == "" {
			return m
		}
		if hasFrag {
			target += "#" + frag
		}
		return ` ` + attr + `="` + target + `"`
	})
}
