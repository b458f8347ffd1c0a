package render

import (
	"bytes"
	"encoding/xml"
	"io"
	"regexp"
	"strings"
	"testing"
)

// notInP are the elements an HTML parser would not keep inside a <p>: it
// closes the paragraph first, so the page's tree would not be the one the
// renderer wrote.
var notInP = map[string]bool{
	"div": true, "dl": true, "ul": true, "ol": true, "pre": true, "table": true, "section": true, "figure": true,
	"details": true, "fieldset": true, "form": true, "p": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
}

// checkWellFormed parses a fragment as XML (every renderer writes void
// elements self-closed, so HTML and XML read it alike) and checks that no
// paragraph holds a block element.
func checkWellFormed(t *testing.T, name string, frag []byte) {
	t.Helper()
	d := xml.NewDecoder(io.MultiReader(strings.NewReader("<root>"), bytes.NewReader(frag), strings.NewReader("</root>")))
	d.Strict = true
	var stack []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: not well-formed: %v", name, err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if len(stack) > 0 && stack[len(stack)-1] == "p" && notInP[tok.Name.Local] {
				t.Errorf("%s: <%s> inside <p>", name, tok.Name.Local)
			}
			stack = append(stack, tok.Name.Local)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
}

func TestWellFormed(t *testing.T) {
	for _, tc := range goldenCases() {
		var b bytes.Buffer
		if err := tc.render(&b); err != nil {
			t.Fatal(err)
		}
		checkWellFormed(t, tc.name, b.Bytes())
	}
}

var (
	idAttr  = regexp.MustCompile(` id="([^"]*)"`)
	idRefs  = regexp.MustCompile(` (?:for|aria-labelledby|aria-describedby|data-arrow)="([^"]*)"`)
	idNames = regexp.MustCompile(` name="([^"]*)"`)
)

// TestIDsUnique renders two blocks of every kind on one page, each pair
// with its own block id, and checks that no id repeats and that every
// reference to an id finds one.
func TestIDsUnique(t *testing.T) {
	var page bytes.Buffer
	for _, suffix := range []string{"first", "second"} {
		opts := Options{ID: "block-" + suffix, Map: fixtureMap()}
		renders := []func() error{
			func() error { o := opts; o.ID += "-map"; return Map(&page, fixtureMap(), o) },
			func() error { o := opts; o.ID += "-mb"; return MapBlock(&page, fixtureMapBlock(), o) },
			func() error { o := opts; o.ID += "-sc"; return Scenario(&page, fixtureScenario(), o) },
			func() error { o := opts; o.ID += "-fa"; return Failures(&page, fixtureFailures(), o) },
			func() error { o := opts; o.ID += "-wi"; return Whatif(&page, fixtureWhatif(), o) },
			func() error { o := opts; o.ID += "-ga"; return Gates(&page, fixtureGates(), o) },
			func() error { o := opts; o.ID += "-qu"; return Quiz(&page, fixtureQuiz(), o) },
		}
		for _, r := range renders {
			if err := r(); err != nil {
				t.Fatal(err)
			}
		}
	}
	html := page.String()
	ids := map[string]int{}
	for _, m := range idAttr.FindAllStringSubmatch(html, -1) {
		ids[m[1]]++
	}
	if len(ids) < 50 {
		t.Fatalf("only %d ids on the page: the test reads nothing", len(ids))
	}
	for id, n := range ids {
		if n > 1 {
			t.Errorf("id %q appears %d times", id, n)
		}
		if !strings.HasPrefix(id, "block-first-") && !strings.HasPrefix(id, "block-second-") && id != "block-first" && id != "block-second" {
			t.Errorf("id %q does not start with its block id", id)
		}
	}
	for _, m := range idRefs.FindAllStringSubmatch(html, -1) {
		for _, ref := range strings.Fields(m[1]) {
			if ids[ref] == 0 {
				t.Errorf("reference to id %q, which no element has", ref)
			}
		}
	}
	for _, m := range idNames.FindAllStringSubmatch(html, -1) {
		if !strings.HasPrefix(m[1], "block-") {
			t.Errorf("radio group name %q is not scoped by its block id", m[1])
		}
	}
}
