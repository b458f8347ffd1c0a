package site

import (
	"compress/gzip"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/loopbook/loopbook/engine/parallel"
)

// PageWeight is what one page costs a reader to load: the page and every
// stylesheet, script and image it loads, each gzipped as a server would
// send it. The search index is left out: it loads only when search opens.
type PageWeight struct {
	Path  string // the page's output path
	Bytes int    // gzipped bytes of the page and what it loads
	Files int    // how many files that is, the page included
}

// Weights returns the weight of every HTML page but the two editions (the
// print page and the offline file, each the whole course), heaviest first,
// ties in path order.
func (o *Output) Weights() []PageWeight {
	type page struct {
		path string
		refs []string // the page itself, then what it loads, each once
	}
	var pages []page
	index := map[string]int{} // file path → position in files
	var files [][]byte
	var refs [][]byte
	add := func(p string, data []byte) {
		if _, ok := index[p]; !ok {
			index[p] = len(files)
			files = append(files, data)
		}
	}
	for _, f := range o.Files {
		if !strings.HasSuffix(f.Path, ".html") || f.Path == "print.html" || f.Path == OfflineFile {
			continue
		}
		pg := page{path: f.Path, refs: []string{f.Path}}
		add(f.Path, f.Data)
		seen := map[string]bool{}
		refs = appendLoadRefs(refs[:0], f.Data)
		for _, m := range refs {
			ref := string(m)
			if isExternal(ref) || strings.HasPrefix(ref, "data:") {
				continue
			}
			target := path.Join(path.Dir(f.Path), ref)
			if seen[target] {
				continue
			}
			seen[target] = true
			if data, ok := o.Lookup(target); ok {
				pg.refs = append(pg.refs, target)
				add(target, data)
			}
		}
		pages = append(pages, pg)
	}
	// Gzipping is most of the work: each distinct file once, on all cores.
	sizes := make([]int, len(files))
	parallel.Do(len(files), func(i int) { sizes[i] = gzipSize(files[i]) })
	out := make([]PageWeight, 0, len(pages))
	for _, pg := range pages {
		w := PageWeight{Path: pg.path, Files: len(pg.refs)}
		for _, ref := range pg.refs {
			w.Bytes += sizes[index[ref]]
		}
		out = append(out, w)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Bytes > out[j].Bytes })
	return out
}

// ThemeScriptBytes is the gzipped size of the theme's scripts as
// published (minified when the build minifies): every .js file under
// assets/ but the search index.
func (o *Output) ThemeScriptBytes() int {
	n := 0
	for _, f := range o.Files {
		if strings.HasPrefix(f.Path, AssetsDir+"/") && strings.HasSuffix(f.Path, ".js") && !strings.HasPrefix(path.Base(f.Path), "search-index.") {
			n += gzipSize(f.Data)
		}
	}
	return n
}

// SearchIndex returns the search index script of the output.
func (o *Output) SearchIndex() (File, bool) {
	for _, f := range o.Files {
		if strings.HasPrefix(f.Path, AssetsDir+"/search-index.") {
			return f, true
		}
	}
	return File{}, false
}

// gzipSize is the length of data gzipped at the default level.
func gzipSize(data []byte) int {
	var n countWriter
	w := gzipWriters.Get().(*gzip.Writer)
	w.Reset(&n)
	_, _ = w.Write(data) // a countWriter does not fail
	_ = w.Close()
	gzipWriters.Put(w)
	return int(n)
}

// gzipWriters keeps compressors between files: each holds about a
// megabyte of tables that Reset reuses.
var gzipWriters = sync.Pool{New: func() any { return gzip.NewWriter(nil) }}

// countWriter counts the bytes written to it and keeps none.
type countWriter int

// Write counts p.
func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}
