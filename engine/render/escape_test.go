package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

const evil = `<script>alert("x")</script>&'`

// TestEscaping puts markup into every author and engine string a renderer
// prints and checks that none of it reaches the page as markup.
func TestEscaping(t *testing.T) {
	m := fixtureMap()
	m.Actors[0].Label = evil
	m.Actors[0].ID = evil
	m.Actors[0].Inventory.Why = evil
	m.Actors[5].Inventory.Reads = []string{evil}
	s := fixtureScenario()
	s.ID, s.Title, s.Question, s.Answer, s.Note = evil, evil, evil, evil, evil
	s.Map = m
	s.Steps[0].Title, s.Steps[0].Say = evil, evil
	s.Steps[0].Events[0].From = trace.Actor(evil)
	s.Steps[0].Events[0].Name = evil
	s.Steps[0].Object.Fields[0].Value = evil
	s.Steps[0].Broken = []string{evil}
	s.Claims = append(s.Claims, result.Claim{Text: evil, Expected: evil, Observed: evil, Evidence: []string{evil}})
	f := fixtureFailures()
	f.Map = m
	f.Cases[0].Title, f.Cases[0].Cells[0].Author = evil, evil
	f.Cases[0].Cells[0].Evidence = []string{evil, evil}
	f.Cases[0].Commands[0].Output = evil
	f.Cases[0].FirstStalled = evil
	w := fixtureWhatif()
	w.Inputs[0].Label, w.Inputs[0].Options[0], w.Show[0] = evil, evil, evil
	w.Outcomes[0].Values[0] = evil
	g := fixtureGates()
	g.Stages[0], g.Variants[1].Label, g.Variants[1].Message = evil, evil, evil
	q := fixtureQuiz()
	q.ID, q.Title = evil, evil
	q.Questions[0].Statement, q.Questions[0].Explain = evil, evil
	q.Questions[1].Choices[0] = evil
	q.Questions[3].Actor = evil
	cases := []struct {
		name   string
		render func(*bytes.Buffer) error
	}{
		{"map", func(b *bytes.Buffer) error { return Map(b, m, Options{ID: evil}) }},
		{"mapblock", func(b *bytes.Buffer) error {
			return MapBlock(b, &result.MapBlock{ID: evil, Title: evil, Map: m}, Options{})
		}},
		{"scenario", func(b *bytes.Buffer) error { return Scenario(b, s, Options{}) }},
		{"failures", func(b *bytes.Buffer) error { return Failures(b, f, Options{}) }},
		{"whatif", func(b *bytes.Buffer) error { return Whatif(b, w, Options{}) }},
		{"gates", func(b *bytes.Buffer) error { return Gates(b, g, Options{}) }},
		{"quiz", func(b *bytes.Buffer) error { return Quiz(b, q, Options{Map: m}) }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tc.render(&b); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if strings.Contains(out, "<script>") || strings.Contains(out, `alert("x")`) {
				t.Errorf("markup from the input reached the output:\n%s", out)
			}
			if !strings.Contains(out, "&lt;script&gt;") && !strings.Contains(out, `\u003cscript\u003e`) {
				t.Errorf("the escaped input is missing: the test checks nothing")
			}
			checkWellFormed(t, tc.name, b.Bytes())
		})
	}
}

// TestText checks the escaping of element content and attribute values
// byte by byte: the five markup characters and NUL, as html/template's
// content escaper writes them, and everything else as it is.
func TestText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"plain 100% ünïcode", "plain 100% ünïcode"},
		{evil, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&amp;&#39;"},
		{"a\x00b", "a\uFFFDb"},
		{"&&", "&amp;&amp;"},
		// Eight bytes are tested at a time: markup on either side of an
		// eight-byte boundary, and in a short tail.
		{"abcdefg<hijklmn>", "abcdefg&lt;hijklmn&gt;"},
		{"abcdefgh'ijklmnop\"q", "abcdefgh&#39;ijklmnop&#34;q"},
		{"a plain sentence of more than eight bytes", "a plain sentence of more than eight bytes"},
	} {
		var p printer
		p.text(tc.in)
		if got := string(p.b); got != tc.want {
			t.Errorf("text(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
