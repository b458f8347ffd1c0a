package site

import (
	"net/url"
	"path"
	"sort"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
)

// link is one internal link found in a page's Markdown, resolved to the
// output file it points at.
type link struct {
	Pos      diag.Pos
	Orig     string // as written
	Target   string // output path, "" when it could not be resolved
	Fragment string // without '#'
}

// resolver rewrites the links of one page to relative output URLs and
// remembers them for the link check.
type resolver struct {
	src      *Source
	page     *Page
	links    []link
	external []string
}

// isExternal reports whether dest names another site or a non-HTTP scheme.
func isExternal(dest string) bool {
	if strings.HasPrefix(dest, "//") {
		return true
	}
	u, err := url.Parse(dest)
	return err == nil && u.Scheme != ""
}

// Resolve maps a link destination written in the page's Markdown to a URL
// relative to the page's output file. Links may name a Markdown source
// ("../02-gates/01-request.md#stages"), a section folder, a static file, an
// output file ("../print.html"), or start with "/" for the site root.
func (r *resolver) Resolve(dest string, pos diag.Pos) (string, error) {
	if dest == "" {
		return dest, diag.Errorf(pos, "empty link destination").WithHint("write the target between the parentheses")
	}
	if isExternal(dest) {
		r.external = append(r.external, dest)
		return dest, nil
	}
	p, frag, _ := strings.Cut(dest, "#")
	if unq, err := url.PathUnescape(p); err == nil {
		p = unq
	}
	l := link{Pos: pos, Orig: dest, Fragment: frag}
	if p == "" {
		l.Target = r.page.Out
		r.links = append(r.links, l)
		return dest, nil
	}
	l.Target = r.target(p)
	r.links = append(r.links, l)
	if l.Target == "" {
		return dest, nil // reported by the link check, with the position
	}
	u := relURL(r.page.Out, l.Target)
	if frag != "" {
		u += "#" + frag
	}
	return u, nil
}

// target finds the output path for a link path, or "" when none matches.
func (r *resolver) target(p string) string {
	var candidates []string
	if strings.HasPrefix(p, "/") {
		p = strings.TrimPrefix(p, "/")
		candidates = []string{p, path.Join("content", p), path.Join("lessons", p)}
	} else {
		candidates = []string{path.Join(path.Dir(r.page.Source), p)}
	}
	for _, c := range candidates {
		if pg := r.src.PageBySource(c); pg != nil {
			return pg.Out
		}
		if strings.HasSuffix(c, "/_index.md") {
			if pg := r.src.PageBySource(path.Dir(c)); pg != nil {
				return pg.Out
			}
		}
		for _, f := range r.src.Static {
			if f.Source == c {
				return f.Out
			}
		}
	}
	if strings.HasSuffix(p, ".md") {
		return ""
	}
	// Not a source: an output path, relative to the site root for "/…" and
	// to this page's output folder otherwise; the link check decides
	// whether it exists.
	out := path.Join(path.Dir(r.page.Out), p)
	if len(candidates) > 1 {
		out = path.Clean(p)
	}
	if strings.HasSuffix(p, "/") || path.Ext(out) == "" {
		out = path.Join(out, "index.html")
	}
	return out
}

// relURL returns the URL of the output file to relative to the output file
// from. Both are slash paths from the output root.
func relURL(from, to string) string {
	fromParts := strings.Split(path.Dir(from), "/")
	if fromParts[0] == "." {
		fromParts = nil
	}
	toParts := strings.Split(to, "/")
	i := 0
	for i < len(fromParts) && i < len(toParts)-1 && fromParts[i] == toParts[i] {
		i++
	}
	var b strings.Builder
	for range fromParts[i:] {
		b.WriteString("../")
	}
	b.WriteString(strings.Join(toParts[i:], "/"))
	return b.String()
}

// rootPrefix is the relative prefix from the output file out to the root.
func rootPrefix(out string) string {
	return strings.Repeat("../", strings.Count(out, "/"))
}

// checkLinks verifies every recorded internal link against the built
// files and the ids each HTML file defines.
func checkLinks(pages []*pageBuild, files map[string]bool, ids map[string]map[string]bool) error {
	var errs diag.List
	var known []string
	for f := range files {
		known = append(known, f)
	}
	sort.Strings(known)
	for _, pb := range pages {
		for _, l := range pb.links {
			if l.Target == "" || !files[l.Target] {
				e := diag.Errorf(l.Pos, "broken link %q: no page or file at that path", l.Orig)
				want := l.Target
				if want == "" {
					want = path.Join(path.Dir(pb.page.Source), strings.SplitN(l.Orig, "#", 2)[0])
				}
				if n := diag.Nearest(want, append(known, sourcesOf(pages)...)); n != "" {
					e.Hint = "did you mean " + quote(n) + "?"
				} else {
					e.Hint = "link to a page's .md source file relative to this file, e.g. ../01-actors/01-who.md"
				}
				errs = append(errs, e)
				continue
			}
			if l.Fragment == "" {
				continue
			}
			targetIDs := ids[l.Target]
			if !targetIDs[l.Fragment] {
				var all []string
				for id := range targetIDs {
					all = append(all, id)
				}
				sort.Strings(all)
				errs = append(errs, diag.Errorf(l.Pos, "broken anchor %q: %s has no element with id %q", l.Orig, l.Target, l.Fragment).
					WithHint(diag.DidYouMean(l.Fragment, all)))
			}
		}
	}
	return errs.Err()
}

func sourcesOf(pages []*pageBuild) []string {
	out := make([]string, len(pages))
	for i, pb := range pages {
		out[i] = pb.page.Source
	}
	return out
}
