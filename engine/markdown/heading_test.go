package markdown

import (
	"reflect"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
)

func TestSlug(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"words", "Hello World", "hello-world"},
		{"punctuation dropped", "What's a Pod?", "whats-a-pod"},
		{"punctuation between spaces", "Pods & Nodes", "pods--nodes"},
		{"hyphen and underscore kept", "kube-apiserver and etcd_data", "kube-apiserver-and-etcd_data"},
		{"unicode letters kept", "Über die Größe", "über-die-größe"},
		{"non-latin script", "Привет мир", "привет-мир"},
		{"cjk", "控制器 循环", "控制器-循环"},
		{"combining mark kept", "cafe\u0301", "cafe\u0301"},
		{"emoji dropped", "Ship it 🚀", "ship-it-"},
		{"outer space trimmed", "  spaced  ", "spaced"},
		{"digits", "Step 2.1", "step-21"},
		{"nothing left", "?!", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := slug(tt.text); got != tt.want {
				t.Errorf("slug(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestSluggerUnique(t *testing.T) {
	s := newSlugger()
	var got []string
	for _, v := range []string{"Intro", "Intro", "Intro 1", "Intro", "?", "?"} {
		got = append(got, string(s.Generate([]byte(v), ast.KindHeading)))
	}
	want := []string{"intro", "intro-1", "intro-1-1", "intro-2", "heading", "heading-1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestHeadingIDs(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // the heading ids, in order
	}{
		{"duplicates", "## Setup\n## Setup\n## Setup\n", []string{"setup", "setup-1", "setup-2"}},
		{"markup ignored", "## The `kubectl` *command*\n", []string{"the-kubectl-command"}},
		{"link text only", "## See [the docs](https://example.org)\n", []string{"see-the-docs"}},
		{"entities resolved", "## Pods &amp; Nodes\n", []string{"pods--nodes"}},
		{"unicode", "## Größe\n## Größe\n", []string{"größe", "größe-1"}},
		{"setext", "Title\n=====\n\nSub\n---\n", []string{"title", "sub"}},
		{"empty", "##\n", []string{"heading"}},
		{"explicit", "## Intro {#start}\n", []string{"start"}},
		{"explicit reserved before generated", "## Start\n## Later {#start}\n", []string{"start-1", "start"}},
		{"raw html left out", "## Use <kbd>Ctrl</kbd>\n", []string{"use-ctrl"}},
	}
	c := New(Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			first := convert(t, c, tt.src, Context{})
			if got := first.IDs; !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ids = %q, want %q", got, tt.want)
			}
			again := convert(t, c, tt.src, Context{})
			if !reflect.DeepEqual(first.IDs, again.IDs) || string(first.HTML) != string(again.HTML) {
				t.Errorf("second conversion differs: %q vs %q", first.IDs, again.IDs)
			}
		})
	}
}

func TestDuplicateExplicitID(t *testing.T) {
	c := New(Options{})
	_, err := c.Convert([]byte("## A {#x}\n\ntext\n\n## B {#x}\n"), Context{File: "l.md", Line: 3})
	if err == nil || !strings.Contains(err.Error(), `l.md:7:4: heading id "x" is used twice`) {
		t.Errorf("err = %v, want the second heading's position", err)
	}
}

func TestHeadingAttributes(t *testing.T) {
	src := "## Note {#n .tip onclick=\"alert(1)\" style=\"color:red\"}\n"
	tests := []struct {
		name    string
		unsafe  bool
		want    []string
		wantNot []string
	}{
		{"safe keeps id and class", false, []string{`<h2 id="n" class="tip">Note</h2>`}, []string{"onclick", "style"}},
		{"unsafe keeps all", true, []string{`id="n"`, `class="tip"`, `style="color:red"`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := convert(t, New(Options{Unsafe: tt.unsafe}), src, Context{})
			checkContains(t, string(res.HTML), tt.want, tt.wantNot)
		})
	}
}

func TestOutline(t *testing.T) {
	src := "Intro para.\n\n# Title *one*\n\n## Part A\n\ntext\n\n### Detail\n\n#### Deep\n\n# Second title\n\n## Part B\n"
	res := convert(t, New(Options{}), src, Context{})
	if res.Title != "Title one" {
		t.Errorf("Title = %q", res.Title)
	}
	want := []Heading{
		{Level: 2, ID: "part-a", Title: "Part A"},
		{Level: 3, ID: "detail", Title: "Detail"},
		{Level: 2, ID: "part-b", Title: "Part B"},
	}
	if !reflect.DeepEqual(res.TOC, want) {
		t.Errorf("TOC = %+v, want %+v", res.TOC, want)
	}
	if res.Text != "Intro para. Title one Part A text Detail Deep Second title Part B" {
		t.Errorf("Text = %q", res.Text)
	}
}

func TestText(t *testing.T) {
	src := "Some   *spaced*\ntext.\n\n```go\ncode is left out\n```\n\n- item `one`\n- item &amp; two\n\n| h |\n|---|\n| cell |\n\nTerm\n: Meaning\n"
	res := convert(t, New(Options{}), src, Context{})
	if want := "Some spaced text. item one item & two h cell Term Meaning"; res.Text != want {
		t.Errorf("Text = %q, want %q", res.Text, want)
	}
}
