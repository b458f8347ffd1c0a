package site

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/loopbook/loopbook/engine/parallel"
)

// parsedFile is one Markdown file read and split ahead of the tree walk.
type parsedFile struct {
	src  []byte
	fm   FrontMatter
	body []byte
	line int
	err  error
}

// prefetch reads and parses every Markdown page of the trees on all cores,
// so that the walk that builds the page tree, which must run in order, only
// looks results up. Folders the walk skips (names starting with _ or .) are
// skipped here too, except that each section's _index.md is read.
func prefetch(dir string) map[string]*parsedFile {
	var rels []string
	for _, tree := range Trees {
		root := filepath.Join(dir, tree)
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // the walk in order reports it
			}
			name := d.Name()
			if d.IsDir() {
				if p != root && (strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".")) {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(name, ".md") && (name == "_index.md" || !strings.HasPrefix(name, "_") && !strings.HasPrefix(name, ".")) {
				if rel, err := filepath.Rel(dir, p); err == nil {
					rels = append(rels, filepath.ToSlash(rel))
				}
			}
			return nil
		})
	}
	files := make([]*parsedFile, len(rels))
	parallel.Do(len(rels), func(i int) {
		f := &parsedFile{}
		f.src, f.err = os.ReadFile(filepath.Join(dir, filepath.FromSlash(rels[i])))
		if f.err == nil {
			f.fm, f.body, f.line, f.err = ParseFrontMatter(rels[i], f.src)
		}
		files[i] = f
	})
	out := make(map[string]*parsedFile, len(rels))
	for i, rel := range rels {
		out[rel] = files[i]
	}
	return out
}
