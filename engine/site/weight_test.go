package site

import (
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
