package site

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

func TestScanSearchMarks(t *testing.T) {
	tests := []struct {
		name string
		html string
		want []searchMark
	}{
		{"none", `<p id="a">plain</p>`, nil},
		{"step with id", `<h3 id="s-2" data-search="Step">Authenticate</h3>`,
			[]searchMark{{Kind: "Step", Title: "Authenticate", ID: "s-2"}}},
		{"nearest id before", `<section id="quiz-1"><p data-search="Quiz" data-search-text="a &amp; b">Which <em>actor</em> binds?</p></section>`,
			[]searchMark{{Kind: "Quiz", Title: "Which actor binds?", ID: "quiz-1", Text: "a & b"}}},
		{"nested same tag", `<div data-search="Term"><div>Informer</div> cache</div><p>after</p>`,
			[]searchMark{{Kind: "Term", Title: "Informer cache"}}},
		{"void element", `<input id="x" data-search="Term" data-search-text="Lease">`,
			[]searchMark{{Kind: "Term", Title: "Lease", ID: "x"}}},
		{"empty kind ignored", `<p data-search="">x</p>`, nil},
		{"words across inline tags", `<p data-search="Step">Auth<b>enticate</b></p>`,
			[]searchMark{{Kind: "Step", Title: "Authenticate"}}},
		{"unclosed", `<p data-search="Step">Bind`, []searchMark{{Kind: "Step", Title: "Bind"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := scanSearchMarks([]byte(tt.html)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestSearchIndex(t *testing.T) {
	out := build(t, writeSite(t, "small.txtar"), Options{Minify: true})
	idx, ok := out.SearchIndex()
	if !ok {
		t.Fatal("no search index in the output")
	}
	if !regexp.MustCompile(`^assets/search-index\.[0-9a-f]{10}\.js$`).MatchString(idx.Path) {
		t.Errorf("index at %s, want a fingerprinted assets/search-index.HASH.js", idx.Path)
	}
	prefix := "window." + SearchGlobal + "="
	if !bytes.HasPrefix(idx.Data, []byte(prefix)) {
		t.Fatalf("index starts %.40q, want %q", idx.Data, prefix)
	}
	var entries [][5]string
	if err := json.Unmarshal(bytes.TrimRight(bytes.TrimPrefix(idx.Data, []byte(prefix)), ";\n"), &entries); err != nil {
		t.Fatalf("index is not one JSON array: %v", err)
	}
	want := map[[5]string]bool{
		{"", "Second lesson", "Basics", "basics/second.html", "The second part Back to the first."}:        true,
		{"Heading", "The second part", "Basics › Second lesson", "basics/second.html#the-second-part", ""}: true,
	}
	for _, e := range entries {
		delete(want, e)
	}
	for e := range want {
		t.Errorf("no entry %q in %q", e, entries)
	}
	home, _ := out.Lookup("index.html")
	if !bytes.Contains(home, []byte(`data-search-index="`+idx.Path+`"`)) {
		t.Errorf("the home page does not name the index %s", idx.Path)
	}
	if share := float64(len(idx.Data)) / float64(out.Size()); share >= 0.15 {
		t.Errorf("the index is %.1f%% of the site's bytes, want under 15%%", 100*share)
	}
}

// TestOfflineFileIsSelfContained checks the promise of loopbook-offline.html:
// mailed alone, it needs nothing else. Every src and href points inside it
// (an anchor or a data: URL), except links to the web in the prose.
func TestOfflineFileIsSelfContained(t *testing.T) {
	out := build(t, writeSite(t, "small.txtar"), Options{Minify: true, BaseURL: "https://example.org/course/"})
	data, ok := out.Lookup(OfflineFile)
	if !ok {
		t.Fatalf("no %s", OfflineFile)
	}
	html := string(data)
	for _, m := range regexp.MustCompile(`<(\w+)[^>]* (?:href|src)="([^"]*)"`).FindAllStringSubmatch(html, -1) {
		tag, ref := m[1], m[2]
		switch {
		case strings.HasPrefix(ref, "#"), strings.HasPrefix(ref, "data:"):
		case (strings.HasPrefix(ref, "https://") || strings.HasPrefix(ref, "http://")) && tag == "a":
		case tag == "link" && strings.Contains(m[0], `rel="canonical"`):
		default:
			t.Errorf("<%s> points outside the file: %s", tag, ref)
		}
	}
	for _, want := range []string{"<style>", `<script>window.` + SearchGlobal + `=`, `id="page-basics-first"`, `src="data:image/svg+xml;base64,`} {
		if !strings.Contains(html, want) {
			t.Errorf("%s lacks %s", OfflineFile, want)
		}
	}
	if n := strings.Count(html, "<h1"); n != 1 {
		t.Errorf("%d h1 in %s, want 1", n, OfflineFile)
	}
}

func TestFirstParagraph(t *testing.T) {
	long := strings.Repeat("word ", 60)
	tests := []struct{ name, html, want string }{
		{"first", `<h2>T</h2><p>One <em>two</em> &amp; three.</p><p>Next</p>`, "One two & three."},
		{"skips empty", `<p> </p><p>Text</p>`, "Text"},
		{"none", `<ul><li>x</li></ul>`, ""},
		{"cut at a word", "<p>" + long + "</p>", strings.TrimSpace(strings.Repeat("word ", 31)) + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := firstParagraph([]byte(tt.html)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
