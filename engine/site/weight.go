package site

import (
	"bytes"
	"compress/gzip"
	"path"
	"regexp"
	"sort"
	"strings"
)

// PageWeight is what one page costs a reader to load: the page and every
// stylesheet, script and image it loads, each gzipped as a server would
// send it. The search index is left out: it loads only when search opens.
type PageWeight struct {
	Path  string // the page's output path
	Bytes int    // gzipped bytes of the page and what it loads
	Files int    // how many files that is, the page included
}

// loadRef matches what a page loads: src attributes, and the href of
// <link rel="stylesheet"> and <link rel="icon">.
var loadRef = regexp.MustCompile(`<(?:[a-z]+[^>]* src|link rel="?(?:stylesheet|icon)"?[^>]* href)="([^"#]+)"`)

// Weights returns the weight of every HTML page but the two editions (the
// print page and the offline file, each the whole course), heaviest first,
// ties in path order.
func (o *Output) Weights() []PageWeight {
	gz := map[string]int{}
	size := func(p string, data []byte) int {
		if n, ok := gz[p]; ok {
			return n
		}
		n := gzipSize(data)
		gz[p] = n
		return n
	}
	var out []PageWeight
	for _, f := range o.Files {
		if !strings.HasSuffix(f.Path, ".html") || f.Path == "print.html" || f.Path == OfflineFile {
			continue
		}
		w := PageWeight{Path: f.Path, Bytes: size(f.Path, f.Data), Files: 1}
		seen := map[string]bool{}
		for _, m := range loadRef.FindAllSubmatch(f.Data, -1) {
			ref := string(m[1])
			if isExternal(ref) || strings.HasPrefix(ref, "data:") {
				continue
			}
			target := path.Join(path.Dir(f.Path), ref)
			if seen[target] {
				continue
			}
			seen[target] = true
			if data, ok := o.Lookup(target); ok {
				w.Bytes += size(target, data)
				w.Files++
			}
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
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, _ = w.Write(data) // a bytes.Buffer does not fail
	_ = w.Close()
	return b.Len()
}
