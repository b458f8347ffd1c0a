package site

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/markdown"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// writeSite writes the files of a txtar archive (a file under testdata/ or
// the archive's text itself) into a new temporary folder.
func writeSite(t testing.TB, archive string) string {
	t.Helper()
	var a *txtar.Archive
	if strings.HasSuffix(archive, ".txtar") {
		var err error
		if a, err = txtar.ParseFile(filepath.Join("testdata", archive)); err != nil {
			t.Fatal(err)
		}
	} else {
		a = txtar.Parse([]byte(archive))
	}
	dir := t.TempDir()
	for _, f := range a.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// withFile returns a copy of a txtar archive's text with one file replaced
// or added.
func withFile(t testing.TB, archive, name, content string) string {
	t.Helper()
	a, err := txtar.ParseFile(filepath.Join("testdata", archive))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for i := range a.Files {
		if a.Files[i].Name == name {
			a.Files[i].Data = []byte(content)
			found = true
		}
	}
	if !found {
		a.Files = append(a.Files, txtar.File{Name: name, Data: []byte(content)})
	}
	return string(txtar.Format(a))
}

func build(t testing.TB, dir string, opts Options) *Output {
	t.Helper()
	opts.Source = dir
	out, err := Build(opts)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return out
}

func TestBuildSmallSite(t *testing.T) {
	out := build(t, writeSite(t, "small.txtar"), Options{Minify: true})
	for _, want := range []string{
		"index.html", "print.html", "404.html", "sitemap.xml",
		"basics/index.html", "basics/first.html", "basics/second.html",
		"basics/deeper/index.html", "basics/deeper/deep.html", "basics/diagram.svg",
		"guide/index.html", "guide/writing.html",
	} {
		if _, ok := out.Lookup(want); !ok {
			t.Errorf("missing %s", want)
		}
	}
	for _, f := range out.Files {
		if strings.Contains(f.Path, "draft") || strings.Contains(f.Path, "_fixtures") {
			t.Errorf("unexpected file %s", f.Path)
		}
	}
	if out.Pages != 8 {
		t.Errorf("pages = %d, want 8", out.Pages)
	}
	first, _ := out.Lookup("basics/first.html")
	for _, want := range []string{`href="second.html#the-second-part"`, `href="deeper/deep.html"`, `src="diagram.svg"`, `id="intro-1"`, `href="#intro-1"`} {
		if !bytes.Contains(first, []byte(want)) {
			t.Errorf("basics/first.html lacks %s", want)
		}
	}
	home, _ := out.Lookup("index.html")
	if bytes.Contains(home, []byte("<b>world")) || !bytes.Contains(home, []byte("Hello &lt;b")) {
		t.Error("raw HTML must be escaped when markdown.unsafe is off")
	}
	var css, js int
	for _, f := range out.Files {
		if regexp.MustCompile(`^assets/style\.[0-9a-f]{10}\.css$`).MatchString(f.Path) {
			css++
		}
		if regexp.MustCompile(`^assets/loopbook\.[0-9a-f]{10}\.js$`).MatchString(f.Path) {
			js++
		}
	}
	if css != 1 || js != 1 {
		t.Errorf("want one fingerprinted CSS and JS file, got %d and %d", css, js)
	}
}

func TestBuildOrdersByWeightThenName(t *testing.T) {
	dir := writeSite(t, withFile(t, "small.txtar", "lessons/01-basics/00-zeroth.md", "---\ntitle: Zeroth\nweight: 2\n---\n"))
	src, err := Load(dir, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range src.Pages {
		got = append(got, p.Out)
	}
	want := "index.html basics/index.html basics/first.html basics/zeroth.html basics/second.html basics/deeper/index.html basics/deeper/deep.html guide/index.html guide/writing.html"
	if strings.Join(got, " ") != want {
		t.Errorf("reading order:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
}

func TestBuildDrafts(t *testing.T) {
	dir := writeSite(t, "small.txtar")
	out := build(t, dir, Options{Drafts: true})
	if _, ok := out.Lookup("basics/draft.html"); !ok {
		t.Error("--drafts must include the draft")
	}
}

func TestBuildIsByteIdentical(t *testing.T) {
	dir := writeSite(t, "small.txtar")
	a := build(t, dir, Options{Minify: true})
	b := build(t, dir, Options{Minify: true})
	if len(a.Files) != len(b.Files) {
		t.Fatalf("%d files, then %d", len(a.Files), len(b.Files))
	}
	for i := range a.Files {
		if a.Files[i].Path != b.Files[i].Path || !bytes.Equal(a.Files[i].Data, b.Files[i].Data) {
			t.Errorf("%s differs between two builds", a.Files[i].Path)
		}
	}
}

func TestBrokenLinksFailWithPosition(t *testing.T) {
	tests := []struct {
		name, file, content, want string
	}{
		{"missing page", "lessons/01-basics/02-second.md", "---\ntitle: Second\n---\n\n## The second part\n\nSee [x](03-third.md).\n",
			`lessons/01-basics/02-second.md:7:5: broken link "03-third.md": no page or file at that path`},
		{"missing anchor", "lessons/01-basics/02-second.md", "---\ntitle: Second\n---\n\n## The second part\n\nSee [x](01-first.md#intra).\n",
			`lessons/01-basics/02-second.md:7:5: broken anchor "01-first.md#intra": basics/first.html has no element with id "intra"; did you mean "intro"?`},
		{"missing local anchor", "lessons/01-basics/02-second.md", "---\ntitle: Second\n---\n\n## The second part\n\nSee [x](#the-second-prat).\n",
			`lessons/01-basics/02-second.md:7:5: broken anchor "#the-second-prat": basics/second.html has no element with id "the-second-prat"; did you mean "the-second-part"?`},
		{"missing output file", "content/guide/02-writing.md", "---\ntitle: W\n---\n\nSee [print](../nothing.html).\n",
			`content/guide/02-writing.md:5:5: broken link "../nothing.html"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeSite(t, withFile(t, "small.txtar", tt.file, tt.content))
			_, err := Build(Options{Source: dir})
			if err == nil {
				t.Fatal("want a build error")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got  %s\nwant %s", err, tt.want)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name, file, content, want string
	}{
		{"config key", "loopbook.yaml", "titel: x\n", `loopbook.yaml:1:1: unknown loopbook.yaml key "titel"; did you mean "title"?`},
		{"config no title", "loopbook.yaml", "description: x\n", `loopbook.yaml:1:1: loopbook.yaml has no title`},
		{"config base url", "loopbook.yaml", "title: x\nbaseURL: example.org\n", `must be an absolute http or https URL`},
		{"front matter", "lessons/01-basics/02-second.md", "---\ntitle: x\nwieght: 2\n---\n", `lessons/01-basics/02-second.md:3:1: unknown front matter key "wieght"; did you mean "weight"?`},
		{"section without index", "lessons/02-empty/01-a.md", "---\ntitle: a\n---\n", `lessons/02-empty: folder lessons/02-empty has no _index.md`},
		{"output clash", "lessons/01-basics/2-second.md", "---\ntitle: again\n---\n", `would both be written to basics/second.html`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeSite(t, withFile(t, "small.txtar", tt.file, tt.content))
			_, err := Build(Options{Source: dir})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got  %v\nwant %s", err, tt.want)
			}
		})
	}
}

func TestFailedBuildLeavesOutputUntouched(t *testing.T) {
	dir := writeSite(t, "small.txtar")
	dest := filepath.Join(t.TempDir(), "public")
	if err := Publish(build(t, dir, Options{Minify: true}), dest); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dest)
	if err := os.WriteFile(filepath.Join(dir, "lessons/01-basics/02-second.md"), []byte("---\ntitle: x\n---\n[broken](nope.md)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Build(Options{Source: dir}); err == nil {
		t.Fatal("want the broken build to fail")
	}
	if after := snapshot(t, dest); after != before {
		t.Error("a failed build changed the previous output")
	}
	// A publish that cannot complete also leaves the output as it was.
	bad := &Output{Files: []File{{Path: "a.html", Data: []byte("x")}, {Path: "a.html/b.html", Data: []byte("y")}}}
	if err := Publish(bad, dest); err == nil {
		t.Fatal("want publishing a file below a file to fail")
	}
	if after := snapshot(t, dest); after != before {
		t.Error("a failed publish changed the previous output")
	}
	entries, _ := os.ReadDir(filepath.Dir(dest))
	if len(entries) != 1 {
		t.Errorf("temporary folders were left beside the output: %v", entries)
	}
}

func TestPublishRefusesSourceFolders(t *testing.T) {
	dir := writeSite(t, "small.txtar")
	if err := Publish(&Output{}, dir); err == nil || !strings.Contains(err.Error(), "refusing") {
		t.Errorf("publishing over a site's sources must be refused, got %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "loopbook.yaml")); err != nil {
		t.Error("the site's sources were touched")
	}
}

// snapshot is the list of files and their contents under dir.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		b.WriteString(p + "\n" + string(data) + "\n")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

var refAttr = regexp.MustCompile(`(?:href|src)="([^"]*)"`)

// TestEveryReferenceResolvesAsFile checks what file:// needs: every href
// and src in the output names a file that exists (never a folder), and
// every #anchor exists in its target.
func TestEveryReferenceResolvesAsFile(t *testing.T) {
	for _, base := range []string{"", "https://example.org/course/"} {
		t.Run("base="+base, func(t *testing.T) {
			out := build(t, writeSite(t, "small.txtar"), Options{Minify: true, BaseURL: base})
			checkReferences(t, out)
		})
	}
}

func checkReferences(t *testing.T, out *Output) {
	t.Helper()
	ids := map[string]map[string]bool{}
	for _, f := range out.Files {
		if strings.HasSuffix(f.Path, ".html") {
			ids[f.Path] = scanIDs(f.Data)
		}
	}
	for _, f := range out.Files {
		if !strings.HasSuffix(f.Path, ".html") || f.Path == "404.html" {
			continue
		}
		for _, m := range refAttr.FindAllSubmatch(f.Data, -1) {
			ref := string(m[1])
			if strings.HasPrefix(ref, "data:") {
				continue // inlined: nothing is requested
			}
			if isExternal(ref) {
				if !strings.HasPrefix(ref, "https://example.org/course/") {
					t.Errorf("%s: request leaves the site: %s", f.Path, ref)
				}
				continue
			}
			p, frag, _ := strings.Cut(ref, "#")
			target := f.Path
			if p != "" {
				if strings.HasSuffix(p, "/") || strings.HasPrefix(p, "/") {
					t.Errorf("%s: %q does not name a file", f.Path, ref)
					continue
				}
				target = path.Join(path.Dir(f.Path), p)
			}
			if _, ok := out.Lookup(target); !ok {
				t.Errorf("%s: %q resolves to %s, which does not exist", f.Path, ref, target)
				continue
			}
			if frag != "" && !ids[target][frag] {
				t.Errorf("%s: %q: no id %q in %s", f.Path, ref, frag, target)
			}
		}
	}
}

func TestSitemap(t *testing.T) {
	dir := writeSite(t, "small.txtar")
	rel, _ := build(t, dir, Options{}).Lookup("sitemap.xml")
	if !bytes.Contains(rel, []byte("<loc>basics/first.html</loc>")) || bytes.Contains(rel, []byte("http")) && bytes.Contains(rel, []byte("<loc>http")) {
		t.Errorf("without a base URL the sitemap must be relative:\n%s", rel)
	}
	abs, _ := build(t, dir, Options{BaseURL: "https://example.org/course"}).Lookup("sitemap.xml")
	if !bytes.Contains(abs, []byte("<loc>https://example.org/course/basics/first.html</loc>")) {
		t.Errorf("with a base URL the sitemap must be absolute:\n%s", abs)
	}
}

func TestSiteLayoutsOverrideTheme(t *testing.T) {
	dir := writeSite(t, withFile(t, "small.txtar", "layouts/404.html", `{{define "main"}}<p>custom not found</p>{{end}}`))
	page, _ := build(t, dir, Options{}).Lookup("404.html")
	if !bytes.Contains(page, []byte("custom not found")) {
		t.Error("the site's layouts/404.html must replace the theme's")
	}
}

func TestUnsafeMarkdown(t *testing.T) {
	dir := writeSite(t, withFile(t, "small.txtar", "loopbook.yaml", "title: x\nmarkdown:\n  unsafe: true\n"))
	home, _ := build(t, dir, Options{}).Lookup("index.html")
	if !bytes.Contains(home, []byte("Hello <b>world</b>")) {
		t.Error("markdown.unsafe must let raw HTML through")
	}
}

// TestGoldenPages compares one page of each kind with testdata/golden.
// Run with -update to rewrite them after an intended change.
func TestGoldenPages(t *testing.T) {
	out := build(t, writeSite(t, "small.txtar"), Options{})
	for _, p := range []string{"index.html", "basics/index.html", "basics/first.html", "guide/writing.html", "print.html", "404.html"} {
		got, ok := out.Lookup(p)
		if !ok {
			t.Fatalf("missing %s", p)
		}
		golden := filepath.Join("testdata", "golden", strings.ReplaceAll(p, "/", "_"))
		if *update {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s (run go test -update after an intended change)", p, golden)
		}
	}
}

func TestSiteAssetsOverrideTheme(t *testing.T) {
	dir := writeSite(t, withFile(t, "small.txtar", "assets/style.css", "body{color:#123456}"))
	out := build(t, dir, Options{})
	found := false
	for _, f := range out.Files {
		if strings.HasPrefix(f.Path, "assets/style.") {
			found = true
			if !bytes.HasPrefix(f.Data, []byte("body{color:#123456}")) {
				t.Errorf("the site's assets/style.css must replace the theme's, got %.60q", f.Data)
			}
		}
	}
	if !found {
		t.Error("no stylesheet in the output")
	}
}

func TestRegisteredBlockKindRendersInPages(t *testing.T) {
	reg := markdown.NewRegistry()
	var seen []string
	reg.Register(markdown.KindFunc("quiz", func(w io.Writer, body []byte, ctx *markdown.BlockContext) error {
		seen = append(seen, ctx.Pos.String())
		if bytes.Contains(body, []byte("wrong")) {
			return &diag.Error{Pos: ctx.Position(1, 1), Msg: "bad quiz"}
		}
		_, err := fmt.Fprintf(w, `<div class="quiz-test">%d bytes</div>`, len(body))
		return err
	}))
	dir := writeSite(t, withFile(t, "small.txtar", "lessons/01-basics/02-second.md",
		"---\ntitle: Second\n---\n\n## The second part\n\n```quiz\nid: q\n```\n"))
	out := build(t, dir, Options{Registry: reg})
	page, _ := out.Lookup("basics/second.html")
	if !bytes.Contains(page, []byte(`<div class="quiz-test">6 bytes</div>`)) {
		t.Error("the registered kind's HTML is missing from the page")
	}
	if len(seen) != 1 || seen[0] != "lessons/01-basics/02-second.md:8:1" {
		t.Errorf("the kind saw positions %v, want the body's first line in the lesson", seen)
	}

	dir = writeSite(t, withFile(t, "small.txtar", "lessons/01-basics/02-second.md",
		"---\ntitle: Second\n---\n\n```quiz\nwrong\n```\n"))
	_, err := Build(Options{Source: dir, Registry: reg})
	if err == nil || !strings.Contains(err.Error(), "lessons/01-basics/02-second.md:6:1: bad quiz") {
		t.Errorf("a kind's error must fail the build at its position, got %v", err)
	}
}

func TestNavIsBoundedOnLargeLevels(t *testing.T) {
	var b strings.Builder
	b.WriteString("-- loopbook.yaml --\ntitle: Big\n-- content/_index.md --\n---\ntitle: Home\n---\n")
	b.WriteString("-- lessons/01-many/_index.md --\n---\ntitle: Many\n---\n")
	for i := 1; i <= 120; i++ {
		fmt.Fprintf(&b, "-- lessons/01-many/%03d-p%d.md --\n---\ntitle: P%d\nweight: %d\n---\nx\n", i, i, i, i)
	}
	out := build(t, writeSite(t, b.String()), Options{})
	tests := []struct {
		page        string
		first, last int
	}{
		{"many/p1.html", 1, 50},
		{"many/p60.html", 35, 84},
		{"many/p120.html", 71, 120},
	}
	for _, tt := range tests {
		t.Run(tt.page, func(t *testing.T) {
			html, ok := out.Lookup(tt.page)
			if !ok {
				t.Fatal("missing page")
			}
			links := regexp.MustCompile(`class="nav-link[^"]*" href="p(\d+)\.html"`).FindAllSubmatch(html, -1)
			if len(links) != 50 {
				t.Fatalf("%d page links in the sidebar, want 50", len(links))
			}
			if string(links[0][1]) != fmt.Sprint(tt.first) || string(links[49][1]) != fmt.Sprint(tt.last) {
				t.Errorf("window p%s…p%s, want p%d…p%d", links[0][1], links[49][1], tt.first, tt.last)
			}
			if !bytes.Contains(html, []byte(`href="index.html">All 120 entries of Many</a>`)) {
				t.Error("no link to the section that lists every entry")
			}
		})
	}
}
