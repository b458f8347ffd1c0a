package themes_test

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"html/template"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The layouts run with the site builder's site.PageView. The theme's tests
// do not depend on the site package, which imports this one and the whole
// build pipeline: they execute the layouts with this copy of its types,
// and TestViewMirrorsSite fails as soon as the two drift apart.

type PageView struct {
	Site    SiteView
	Page    PageData
	Nav     []NavItem
	Root    string
	Assets  AssetView
	Print   []PrintEntry
	Offline bool
}

type SiteView struct {
	Title       string
	Description string
	Language    string
	BaseURL     string
	Params      map[string]any
}

type PageData struct {
	Kind        string
	Title       string
	Summary     string
	Question    string
	Description string
	Content     template.HTML
	TOC         []TOCEntry
	Breadcrumbs []Link
	Prev, Next  *Link
	Children    []Link
	URL         string
	Path        string
	Canonical   string
}

type TOCEntry struct {
	Level int
	ID    string
	Title string
}

type Link struct {
	Title   string
	URL     string
	Summary string
	Pages   []string
}

type NavItem struct {
	Title     string
	URL       string
	Path      string
	Current   bool
	Ancestor  bool
	IsSection bool
	Children  []NavItem
}

type AssetView struct {
	CSS       string
	JS        string
	Favicon   string
	Search    string
	BlocksCSS string
	BlocksJS  string
}

type PrintEntry struct {
	Anchor  string
	Depth   int
	Kind    string
	Title   string
	Content template.HTML
}

// siteViewFile is the site package's definition of the view, relative to
// this package's folder.
var siteViewFile = filepath.Join("..", "engine", "site", "view.go")

func TestViewMirrorsSite(t *testing.T) {
	src, err := os.ReadFile(siteViewFile)
	if err != nil {
		t.Fatalf("the layouts' data type is defined in the site package: %v", err)
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, siteViewFile, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{}
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.TYPE {
			continue
		}
		for _, spec := range gen.Specs {
			ts := spec.(*ast.TypeSpec)
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				continue
			}
			for _, f := range st.Fields.List {
				var typ strings.Builder
				if err := printer.Fprint(&typ, fset, f.Type); err != nil {
					t.Fatal(err)
				}
				for _, name := range f.Names {
					want[ts.Name.Name] = append(want[ts.Name.Name], name.Name+" "+typ.String())
				}
			}
		}
	}

	mirrors := []any{PageView{}, SiteView{}, PageData{}, TOCEntry{}, Link{}, NavItem{}, AssetView{}, PrintEntry{}}
	if len(want) != len(mirrors) {
		t.Errorf("site defines %d view structs, the theme's tests mirror %d: update view_test.go", len(want), len(mirrors))
	}
	for _, m := range mirrors {
		rt := reflect.TypeOf(m)
		var got []string
		for i := range rt.NumField() {
			f := rt.Field(i)
			got = append(got, f.Name+" "+goType(f.Type))
		}
		if !reflect.DeepEqual(got, want[rt.Name()]) {
			t.Errorf("%s drifted from the site package:\n got  %q\n want %q", rt.Name(), got, want[rt.Name()])
		}
	}
}

// goType spells t as Go source in the site package would.
func goType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + goType(t.Elem())
	case reflect.Slice:
		return "[]" + goType(t.Elem())
	case reflect.Map:
		return "map[" + goType(t.Key()) + "]" + goType(t.Elem())
	case reflect.Interface:
		if t.NumMethod() == 0 {
			return "any"
		}
	}
	if pkg := t.PkgPath(); pkg != "" && !strings.HasSuffix(pkg, "themes_test") {
		return pkg[strings.LastIndex(pkg, "/")+1:] + "." + t.Name()
	}
	return t.Name()
}
