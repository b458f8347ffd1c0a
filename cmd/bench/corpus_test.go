package main

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// A size that leaves a partial last section.
const testPages = 173

func generate(t *testing.T, seed uint64) (loopDir, hugoDir string) {
	t.Helper()
	dir := t.TempDir()
	loopDir, hugoDir = filepath.Join(dir, "corpus"), filepath.Join(dir, "hugo")
	if _, err := newCorpus(testPages, seed).write(loopDir, hugoDir); err != nil {
		t.Fatal(err)
	}
	return loopDir, hugoDir
}

func readTree(t *testing.T, root string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(root, p)
		files[filepath.ToSlash(r)] = data
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestCorpusDeterministic(t *testing.T) {
	a1, h1 := generate(t, 7)
	a2, h2 := generate(t, 7)
	for _, pair := range [][2]string{{a1, a2}, {h1, h2}} {
		x, y := readTree(t, pair[0]), readTree(t, pair[1])
		if len(x) != len(y) {
			t.Fatalf("%d files vs %d files", len(x), len(y))
		}
		for name, data := range x {
			if !bytes.Equal(data, y[name]) {
				t.Errorf("%s differs between two generations with the same seed", name)
			}
		}
	}
	a3, _ := generate(t, 8)
	if bytes.Equal(readTree(t, a1)["lessons/01-section-1/001-page-1.md"], readTree(t, a3)["lessons/01-section-1/001-page-1.md"]) {
		t.Error("different seeds generated the same page")
	}
}

func TestCorpusShape(t *testing.T) {
	loopDir, hugoDir := generate(t, 1)
	files := readTree(t, loopDir)
	if string(files["loopbook.yaml"]) != "title: Bench\n" {
		t.Errorf("loopbook.yaml = %q", files["loopbook.yaml"])
	}
	if !bytes.HasPrefix(files["content/_index.md"], []byte("---\ntitle: Home\n---\n")) {
		t.Errorf("content/_index.md has no Home front matter")
	}
	pages, sections := 0, 0
	kinds := map[string]int{}
	for name, data := range files {
		if !strings.HasPrefix(name, "lessons/") {
			continue
		}
		if path.Base(name) == "_index.md" {
			sections++
			continue
		}
		pages++
		text := string(data)
		for _, k := range []string{"title: ", "weight: ", "summary: "} {
			if !strings.Contains(frontMatter(t, name, text), "\n"+k) {
				t.Errorf("%s: no %q in front matter", name, k)
			}
		}
		if n := len(data); n < 2800 || n > 5600 {
			t.Errorf("%s: %d bytes, want about 3–5 KB", name, n)
		}
		for _, k := range []string{"```go\n", "```yaml\n", "| --- |", "\n- ", "\n1. ", "\n## ", "`", "*"} {
			if strings.Contains(text, k) {
				kinds[k]++
			}
		}
		if strings.Contains(text, "```console\n") || strings.Contains(text, "```shell\n") {
			kinds["shell"]++
		}
	}
	if pages != testPages || sections != (testPages+pagesPerSection-1)/pagesPerSection {
		t.Errorf("%d pages in %d sections", pages, sections)
	}
	for k, n := range kinds {
		if n != pages {
			t.Errorf("%q in %d of %d pages", k, n, pages)
		}
	}
	hugo := readTree(t, hugoDir)
	for _, name := range []string{"hugo.toml", "content/_index.md", "layouts/_default/single.html", "layouts/_default/list.html", "layouts/index.html"} {
		if hugo[name] == nil {
			t.Errorf("hugo copy: no %s", name)
		}
	}
	if len(hugo) != len(files)-1+5 { // no loopbook.yaml; hugo.toml and 4 layouts
		t.Errorf("hugo copy has %d files, loopbook copy %d", len(hugo), len(files))
	}
}

func frontMatter(t *testing.T, name, text string) string {
	t.Helper()
	if !strings.HasPrefix(text, "---\n") {
		t.Fatalf("%s: no front matter", name)
	}
	end := strings.Index(text[4:], "\n---\n")
	if end < 0 {
		t.Fatalf("%s: unterminated front matter", name)
	}
	return text[:4+end+1]
}

var linkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// githubSlug is written independently of the generator's slugify.
func githubSlug(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.Map(func(r rune) rune {
		switch {
		case r == ' ':
			return '-'
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			return r
		}
		return -1
	}, s)
	return s
}

// headingSlugs lists the heading IDs of a Markdown file, outside code.
func headingSlugs(text string) map[string]bool {
	slugs := map[string]bool{}
	inCode := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
			continue
		}
		if inCode || !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.TrimLeft(line, "#")
		if strings.HasPrefix(h, " ") {
			slugs[githubSlug(h)] = true
		}
	}
	return slugs
}

// proseOf drops fenced code so that links are only looked for in prose.
func proseOf(text string) string {
	var b strings.Builder
	inCode := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
			continue
		}
		if !inCode {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

func TestCorpusLinksResolve(t *testing.T) {
	loopDir, hugoDir := generate(t, 3)
	files := readTree(t, loopDir)
	links, anchored, crossSection := 0, 0, 0
	for name, data := range files {
		if !strings.HasSuffix(name, ".md") {
			continue
		}
		for _, m := range linkRE.FindAllStringSubmatch(proseOf(string(data)), -1) {
			target, anchor, _ := strings.Cut(m[1], "#")
			if strings.Contains(target, "://") {
				continue
			}
			links++
			file := name
			if target != "" {
				if !strings.HasSuffix(target, ".md") {
					t.Errorf("%s: link %s does not name a .md file", name, m[1])
					continue
				}
				file = path.Join(path.Dir(name), target)
				if strings.HasPrefix(target, "../") {
					crossSection++
				}
			}
			data, ok := files[file]
			if !ok {
				t.Errorf("%s: link %s: no file %s", name, m[1], file)
				continue
			}
			if anchor != "" {
				anchored++
				if !headingSlugs(string(data))[anchor] {
					t.Errorf("%s: link %s: %s has no heading #%s", name, m[1], file, anchor)
				}
			}
		}
	}
	if links < 3*testPages || anchored < 2*testPages || crossSection < testPages {
		t.Errorf("%d links (%d with anchors, %d across sections) in %d pages: too few", links, anchored, crossSection, testPages)
	}

	// The Hugo copy links to the same pages by their pretty URLs:
	// /lessons/SECTION/PAGE/ is content/lessons/SECTION/PAGE.md.
	hugo := readTree(t, hugoDir)
	hugoLinks := 0
	for name, data := range hugo {
		if !strings.HasPrefix(name, "content/lessons/") || path.Base(name) == "_index.md" {
			continue
		}
		pageURL := "/" + strings.TrimSuffix(strings.TrimPrefix(name, "content/"), ".md") + "/"
		for _, m := range linkRE.FindAllStringSubmatch(proseOf(string(data)), -1) {
			target, anchor, _ := strings.Cut(m[1], "#")
			hugoLinks++
			file := name
			if target != "" {
				u := path.Join(pageURL, target)
				file = "content" + u + ".md"
			}
			data, ok := hugo[file]
			if !ok {
				t.Errorf("hugo %s: link %s: no page %s", name, m[1], file)
				continue
			}
			if anchor != "" && !headingSlugs(string(data))[anchor] {
				t.Errorf("hugo %s: link %s: no heading #%s", name, m[1], anchor)
			}
		}
	}
	if hugoLinks != links {
		t.Errorf("hugo copy has %d links, loopbook copy %d", hugoLinks, links)
	}
}

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"Step 3: drain the node":        "step-3-drain-the-node",
		"Why the cache, not the queue?": "why-the-cache-not-the-queue",
		"Lease  renewal":                "lease--renewal",
	} {
		if got := slugify(in); got != want {
			t.Errorf("slugify(%q) = %q, want %q", in, got, want)
		}
		if got := githubSlug(in); got != want {
			t.Errorf("githubSlug(%q) = %q, want %q", in, got, want)
		}
	}
}
