package site

import (
	"bytes"
	"compress/gzip"
	"strconv"
	"testing"
)

// The weight budgets of issue 9.
const (
	maxLessonGzip = 150 << 10 // a lesson page with everything it loads
	maxScriptGzip = 20 << 10  // the theme's JavaScript, minified
)

func TestWeights(t *testing.T) {
	out := build(t, writeSite(t, "small.txtar"), Options{Minify: true})
	ws := out.Weights()
	byPath := map[string]PageWeight{}
	for i, w := range ws {
		byPath[w.Path] = w
		if i > 0 && w.Bytes > ws[i-1].Bytes {
			t.Errorf("not heaviest first: %v after %v", w, ws[i-1])
		}
		if w.Path == "print.html" || w.Path == OfflineFile {
			t.Errorf("%s is listed; the editions are not pages", w.Path)
		}
	}
	first, ok := byPath["basics/first.html"]
	if !ok {
		t.Fatal("basics/first.html not weighed")
	}
	html, _ := out.Lookup("basics/first.html")
	// The page, the stylesheet, the script, the favicon and the diagram.
	if first.Files < 5 || first.Bytes <= gzipSize(html) {
		t.Errorf("basics/first.html weighs %v: it must count the page and the files it loads", first)
	}
	for _, w := range ws {
		if w.Bytes > maxLessonGzip {
			t.Errorf("%s weighs %d bytes gzipped, over %d", w.Path, w.Bytes, maxLessonGzip)
		}
	}
	if n := out.ThemeScriptBytes(); n == 0 || n > maxScriptGzip {
		t.Errorf("the theme's JavaScript is %d bytes minified and gzipped, want 1…%d", n, maxScriptGzip)
	}
}

// TestGzipSizeIsTheGzippedLength checks the counting compressor against
// gzip written out, for inputs of several sizes, one after another so that
// reused compressors are covered.
func TestGzipSizeIsTheGzippedLength(t *testing.T) {
	for _, n := range []int{0, 1, 100, 70000, 5, 300000} {
		data := bytes.Repeat([]byte("loopbook "+strconv.Itoa(n)), n/10+1)[:n]
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write(data)
		w.Close()
		if got := gzipSize(data); got != b.Len() {
			t.Errorf("gzipSize of %d bytes = %d, want %d", n, got, b.Len())
		}
	}
}
