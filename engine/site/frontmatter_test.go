package site

import (
	"strings"
	"testing"
)

func TestSplitFrontMatter(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		front     string
		body      string
		bodyLine  int
		wantError string
	}{
		{"none", "# Hi\n", "", "# Hi\n", 1, ""},
		{"simple", "---\ntitle: A\n---\nbody\n", "title: A\n", "body\n", 4, ""},
		{"crlf", "---\r\ntitle: A\r\n---\r\nbody", "title: A\r\n", "body", 4, ""},
		{"empty front", "---\n---\nx", "", "x", 3, ""},
		{"trailing spaces on delimiter", "--- \ntitle: A\n---  \nx", "title: A\n", "x", 4, ""},
		{"unclosed", "---\ntitle: A\n", "", "", 0, "never closed"},
		{"empty file", "", "", "", 1, ""},
		{"dashes later", "text\n---\n", "", "text\n---\n", 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			front, body, line, err := SplitFrontMatter([]byte(tt.src))
			if tt.wantError != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantError) {
					t.Fatalf("err = %v, want %q", err, tt.wantError)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(front) != tt.front || string(body) != tt.body || line != tt.bodyLine {
				t.Errorf("got (%q, %q, %d), want (%q, %q, %d)", front, body, line, tt.front, tt.body, tt.bodyLine)
			}
		})
	}
}

func TestParseFrontMatter(t *testing.T) {
	good := "---\ntitle: Schedule a Pod\nweight: 5\nsummary: S\nquestion: Q?\ndescription: D\ndraft: true\n---\nbody"
	fm, body, line, err := ParseFrontMatter("a.md", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	want := FrontMatter{Title: "Schedule a Pod", Weight: 5, Summary: "S", Question: "Q?", Description: "D", Draft: true}
	if fm != want || string(body) != "body" || line != 9 {
		t.Errorf("got %+v %q %d", fm, body, line)
	}

	bad := []struct {
		name, src, want string
	}{
		{"misspelt key", "---\ntitel: A\n---\n", `a.md:2:1: unknown front matter key "titel"; did you mean "title"?`},
		{"unknown far key", "---\ntitle: A\nbanana: 1\n---\n", `a.md:3:1: unknown front matter key "banana"; expected one of "description", "draft", "question", "summary", "title", "weight"`},
		{"weight not a number", "---\ntitle: A\nweight: first\n---\n", `a.md:3:9: weight expects a whole number, got "first"; write it without quotes, e.g. weight: 10`},
		{"weight quoted", "---\ntitle: A\nweight: \"3\"\n---\n", `a.md:3:9: weight expects a whole number, got "3"`},
		{"draft not bool", "---\ntitle: A\ndraft: maybe\n---\n", `a.md:3:8: draft expects true or false, got "maybe"`},
		{"title a list", "---\ntitle: [a, b]\n---\n", `a.md:2:8: title expects text, got a list`},
		{"no title", "---\nweight: 1\n---\n", `a.md:1:1: front matter has no title; add a line such as: title: My page`},
		{"no front matter", "# Hello\n", `a.md:1:1: page has no front matter`},
		{"unclosed", "---\ntitle: A\n", `a.md:1:1: front matter opened with "---" is never closed`},
		{"yaml colon", "---\ntitle: A\nsummary: Alice: hi\n---\n", `a.md:3:1: invalid YAML: mapping values are not allowed in this context; a ": " inside an unquoted value starts a new mapping`},
		{"not a mapping", "---\n- a\n---\n", `a.md:2:1: front matter must be a mapping of keys to values, got a list`},
		{"duplicate", "---\ntitle: A\ntitle: B\n---\n", `a.md:3:1`},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			_, _, _, err := ParseFrontMatter("a.md", []byte(tt.src))
			if err == nil {
				t.Fatal("want an error")
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("got  %s\nwant %s", err, tt.want)
			}
		})
	}
}

func FuzzSplitFrontMatter(f *testing.F) {
	for _, s := range []string{"", "---\ntitle: a\n---\nbody", "---\n", "---\r\n---\r\n", "x\n---\n", "---\ntitle: [\n---\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		front, body, line, err := SplitFrontMatter([]byte(src))
		if err != nil {
			return
		}
		if line < 1 {
			t.Fatalf("body line %d < 1", line)
		}
		if len(front)+len(body) > len(src) {
			t.Fatalf("split returned more bytes than it was given")
		}
		// Decoding must never panic, whatever the YAML.
		_, _, _, _ = ParseFrontMatter("f.md", []byte(src))
	})
}
