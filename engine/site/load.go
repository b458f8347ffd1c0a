package site

import (
	"crypto/sha256"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
)

// Trees are the folders of a site that hold pages, in the order their
// top-level entries are merged into the home section.
var Trees = []string{"content", "lessons"}

// Source is a loaded site: its configuration, the page tree rooted at the
// home page, and the static files found beside the pages.
type Source struct {
	Dir    string
	Config *Config
	Home   *Page
	Pages  []*Page      // every page in reading order, the home page first
	Static []StaticFile // non-Markdown files, by output path
	// bySource finds a page by its source path (a section by its folder too).
	bySource map[string]*Page
}

// StaticFile is a file copied to the output as it is.
type StaticFile struct {
	Source string // slash path relative to the site root
	Out    string // slash path in the output
}

// LoadOptions says which pages to load.
type LoadOptions struct {
	Drafts bool // include pages whose front matter says draft: true
}

// Load reads the configuration and every page of the site at dir. All
// errors found are reported together, each with its position.
func Load(dir string, opts LoadOptions) (*Source, error) {
	cfg, err := LoadConfig(dir)
	if err != nil {
		return nil, err
	}
	s := &Source{Dir: dir, Config: cfg, bySource: map[string]*Page{}}
	var errs diag.List
	home := &Page{Kind: KindHome, Source: "content/_index.md", Out: "index.html"}
	homeFound := false
	pre := prefetch(dir)
	for _, tree := range Trees {
		root := filepath.Join(dir, tree)
		info, err := os.Stat(root)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil || !info.IsDir() {
			errs.Add(diag.Errorf(diag.Pos{File: tree}, "%s must be a folder", tree))
			continue
		}
		l := &loader{pre: pre, src: s, opts: opts, errs: &errs, tree: tree}
		if tree == "content" {
			if _, err := os.Stat(filepath.Join(root, "_index.md")); err == nil {
				homeFound = true
				l.readPage(home, "content/_index.md")
			}
		}
		l.readDir(home, tree, "")
	}
	if !homeFound {
		errs.Add(diag.Errorf(diag.Pos{File: "content/_index.md"}, "the site has no home page").
			WithHint("create content/_index.md with a title in its front matter"))
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	sortTree(home)
	s.Home = home
	s.bySource[home.Source] = home
	s.bySource["content"] = home
	s.bySource["lessons"] = home
	s.flatten(home)
	if err := s.checkOutputs(); err != nil {
		return nil, err
	}
	sort.Slice(s.Static, func(i, j int) bool { return s.Static[i].Out < s.Static[j].Out })
	return s, nil
}

type loader struct {
	pre  map[string]*parsedFile // read ahead on all cores
	src  *Source
	opts LoadOptions
	errs *diag.List
	tree string
}

// readDir loads the folder rel (slash path from the site root) into parent.
// outDir is the output folder that corresponds to rel.
func (l *loader) readDir(parent *Page, rel, outDir string) {
	entries, err := os.ReadDir(filepath.Join(l.src.Dir, filepath.FromSlash(rel)))
	if err != nil {
		l.errs.Add(diag.Errorf(diag.Pos{File: rel}, "%v", err))
		return
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") {
			continue // _index.md is read by the caller; _fixtures and dot files are not pages
		}
		child := path.Join(rel, name)
		slug := Slugify(name)
		switch {
		case e.IsDir():
			sec := &Page{Kind: KindSection, Slug: slug, Out: path.Join(outDir, slug, "index.html"), Parent: parent}
			idx := path.Join(child, "_index.md")
			if _, err := os.Stat(filepath.Join(l.src.Dir, filepath.FromSlash(idx))); err != nil {
				l.errs.Add(diag.Errorf(diag.Pos{File: child}, "folder %s has no _index.md", child).
					WithHint("a section is a folder with an _index.md that gives its title; add one, or prefix the folder with _ to keep it out of the site"))
				continue
			}
			before := len(*l.errs)
			if !l.readPage(sec, idx) {
				if len(*l.errs) > before {
					// Keep reading the section's pages, so that one run
					// reports every mistake.
					l.readDir(sec, child, path.Join(outDir, slug))
				}
				continue
			}
			l.src.bySource[child] = sec
			parent.Children = append(parent.Children, sec)
			l.readDir(sec, child, path.Join(outDir, slug))
		case strings.HasSuffix(name, ".md"):
			kind := KindPage
			if l.tree == "lessons" {
				kind = KindLesson
			}
			p := &Page{Kind: kind, Slug: slug, Out: path.Join(outDir, slug+".html"), Parent: parent}
			if l.readPage(p, child) {
				parent.Children = append(parent.Children, p)
			}
		default:
			l.src.Static = append(l.src.Static, StaticFile{Source: child, Out: path.Join(outDir, name)})
		}
	}
}

// readPage reads and parses one Markdown file into p; it reports whether
// the page belongs in the site (parsed, and not a skipped draft).
func (l *loader) readPage(p *Page, rel string) bool {
	f, ok := l.pre[rel]
	if !ok {
		f = &parsedFile{}
		f.src, f.err = os.ReadFile(filepath.Join(l.src.Dir, filepath.FromSlash(rel)))
		if f.err != nil {
			f.err = diag.Errorf(diag.Pos{File: rel}, "%v", f.err)
		} else {
			f.fm, f.body, f.line, f.err = ParseFrontMatter(rel, f.src)
		}
	}
	if f.err != nil {
		var pe *fs.PathError
		if errors.As(f.err, &pe) {
			f.err = diag.Errorf(diag.Pos{File: rel}, "%v", f.err)
		}
		l.errs.Add(f.err)
		return false
	}
	src, fm, body, line := f.src, f.fm, f.body, f.line
	if fm.Draft && !l.opts.Drafts {
		return false
	}
	p.Source, p.Front, p.Body, p.Line = rel, fm, body, line
	p.hash = sha256.Sum256(src)
	if p.Kind != KindHome {
		l.src.bySource[rel] = p
	}
	return true
}

// sortTree orders every section's children by weight, then by source file
// name, then by source path.
func sortTree(p *Page) {
	sort.SliceStable(p.Children, func(i, j int) bool {
		a, b := p.Children[i], p.Children[j]
		if a.Front.Weight != b.Front.Weight {
			return a.Front.Weight < b.Front.Weight
		}
		an, bn := path.Base(sourceName(a)), path.Base(sourceName(b))
		if an != bn {
			return an < bn
		}
		return a.Source < b.Source
	})
	for _, c := range p.Children {
		sortTree(c)
	}
}

// sourceName is the file or folder name that orders a page among siblings.
func sourceName(p *Page) string {
	if p.Kind == KindSection {
		return path.Dir(p.Source)
	}
	return p.Source
}

func (s *Source) flatten(p *Page) {
	s.Pages = append(s.Pages, p)
	for _, c := range p.Children {
		s.flatten(c)
	}
}

// checkOutputs reports two sources that would write the same output file.
func (s *Source) checkOutputs() error {
	var errs diag.List
	reserved := map[string]string{"print.html": "the print edition", "404.html": "the not-found page", "sitemap.xml": "the sitemap"}
	owner := map[string]string{}
	claim := func(out, src string) {
		if r, ok := reserved[out]; ok {
			errs.Add(diag.Errorf(diag.Pos{File: src}, "%s would be written to %s, which is %s", src, out, r).
				WithHint("rename the file"))
			return
		}
		if prev, ok := owner[out]; ok {
			errs.Add(diag.Errorf(diag.Pos{File: src}, "%s and %s would both be written to %s", prev, src, out).
				WithHint("their names differ only in a numeric prefix or by tree; rename one"))
			return
		}
		owner[out] = src
	}
	for _, p := range s.Pages {
		claim(p.Out, p.Source)
	}
	for _, f := range s.Static {
		claim(f.Out, f.Source)
	}
	return errs.Err()
}

// PageBySource returns the page whose source is rel (a Markdown file, or a
// section folder), or nil.
func (s *Source) PageBySource(rel string) *Page {
	return s.bySource[strings.TrimSuffix(rel, "/")]
}
