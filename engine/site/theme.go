package site

import (
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/loopbook/loopbook/themes"
)

// overlay is a file system that prefers the site's own files to the theme's
// files of the same name.
type overlay struct {
	site  fs.FS // may be nil
	theme fs.FS
}

func (o overlay) Open(name string) (fs.File, error) {
	if o.site != nil {
		if f, err := o.site.Open(name); err == nil {
			return f, nil
		}
	}
	return o.theme.Open(name)
}

// names lists the files in dir of either layer, sorted and without
// duplicates.
func (o overlay) names(dir string) ([]string, error) {
	seen := map[string]bool{}
	for _, layer := range []fs.FS{o.theme, o.site} {
		if layer == nil {
			continue
		}
		entries, err := fs.ReadDir(layer, dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if !e.IsDir() {
				seen[e.Name()] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out, nil
}

// theme is the parsed layouts and the raw assets of the default theme
// overlaid by the site's own layouts/ and assets/ folders.
type theme struct {
	layouts map[Kind]*template.Template
	assets  map[string][]byte // by file name
}

// layoutKinds are the page kinds that have a layout file of their name.
var layoutKinds = []Kind{KindHome, KindSection, KindLesson, KindPage, KindPrint, KindNotFound}

// loadTheme parses the layouts (base.html + partials/*.html + KIND.html for
// each kind) and reads the assets.
func loadTheme(siteDir string) (*theme, error) {
	base, err := fs.Sub(themes.Default, "default")
	if err != nil {
		return nil, err
	}
	var siteLayer fs.FS
	if siteDir != "" {
		siteLayer = os.DirFS(siteDir)
	}
	lay := overlay{theme: mustSub(base, "layouts"), site: subIfDir(siteLayer, siteDir, "layouts")}
	ast := overlay{theme: mustSub(base, "assets"), site: subIfDir(siteLayer, siteDir, "assets")}

	partials, err := lay.names("partials")
	if err != nil {
		return nil, err
	}
	t := &theme{layouts: map[Kind]*template.Template{}, assets: map[string][]byte{}}
	common := template.New("").Option("missingkey=error").Funcs(templateFuncs)
	if err := parseFile(common, lay, "base.html"); err != nil {
		return nil, err
	}
	for _, p := range partials {
		if strings.HasSuffix(p, ".html") {
			if err := parseFile(common, lay, path.Join("partials", p)); err != nil {
				return nil, err
			}
		}
	}
	for _, k := range layoutKinds {
		c, err := common.Clone()
		if err != nil {
			return nil, err
		}
		if err := parseFile(c, lay, k.String()+".html"); err != nil {
			return nil, err
		}
		t.layouts[k] = c
	}
	names, err := ast.names(".")
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		b, err := fs.ReadFile(ast, n)
		if err != nil {
			return nil, err
		}
		t.assets[n] = b
	}
	return t, nil
}

func parseFile(t *template.Template, fsys fs.FS, name string) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("layout %s: %w", name, err)
	}
	if _, err := t.New(name).Parse(string(b)); err != nil {
		return fmt.Errorf("layout %w", err)
	}
	return nil
}

func mustSub(f fs.FS, dir string) fs.FS {
	s, err := fs.Sub(f, dir)
	if err != nil {
		panic(err) // dir is a constant name; fs.Sub fails only on invalid names
	}
	return s
}

// subIfDir returns the site's folder dir as a file system when it exists.
func subIfDir(site fs.FS, siteDir, dir string) fs.FS {
	if site == nil {
		return nil
	}
	if info, err := os.Stat(filepath.Join(siteDir, dir)); err != nil || !info.IsDir() {
		return nil
	}
	return mustSub(site, dir)
}

// templateFuncs are the helpers layouts may call.
var templateFuncs = template.FuncMap{
	"add": func(a, b int) int { return a + b },
}
