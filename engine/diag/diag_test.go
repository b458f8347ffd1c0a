package diag

import (
	"errors"
	"testing"

	"gopkg.in/yaml.v3"
)

func TestNearest(t *testing.T) {
	keys := []string{"title", "weight", "summary", "question", "draft"}
	tests := []struct {
		name, word, want string
	}{
		{"swap", "titel", "title"},
		{"missing letter", "wieght", "weight"},
		{"extra letter", "drafts", "draft"},
		{"exact", "title", "title"},
		{"too far", "banana", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Nearest(tt.word, keys); got != tt.want {
				t.Errorf("Nearest(%q) = %q, want %q", tt.word, got, tt.want)
			}
		})
	}
}

func TestDidYouMean(t *testing.T) {
	if got, want := DidYouMean("titel", []string{"title"}), `did you mean "title"?`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := DidYouMean("zzz", []string{"a", "b"}), `expected one of "a", "b"`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestErrorFormat(t *testing.T) {
	tests := []struct {
		name string
		err  *Error
		want string
	}{
		{"full", Errorf(Pos{"a.md", 3, 1}, "unknown key %q", "titel").WithHint(`did you mean "title"?`), `a.md:3:1: unknown key "titel"; did you mean "title"?`},
		{"line only", Errorf(Pos{"a.md", 3, 0}, "bad"), "a.md:3: bad"},
		{"file only", Errorf(Pos{File: "a.md"}, "bad"), "a.md: bad"},
		{"no file", Errorf(Pos{}, "bad"), "bad"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestListSortsAndFlattens(t *testing.T) {
	var l List
	l.Add(Errorf(Pos{"b.md", 1, 1}, "second"))
	l.Add(List{Errorf(Pos{"a.md", 9, 1}, "first")})
	l.Add(errors.New("plain"))
	l.Add(nil)
	err := l.Err()
	if err == nil {
		t.Fatal("want an error")
	}
	want := "plain\na.md:9:1: first\nb.md:1:1: second"
	if err.Error() != want {
		t.Errorf("got %q, want %q", err.Error(), want)
	}
	var empty List
	if empty.Err() != nil {
		t.Error("empty list must give nil")
	}
}

func TestFromYAML(t *testing.T) {
	tests := []struct {
		name, src string
		want      string
	}{
		{"colon in value", "title: a\nsay: Alice: hi\n", `f.md:6:1: invalid YAML: mapping values are not allowed in this context; a ": " inside an unquoted value starts a new mapping; put the value in double quotes`},
		{"tab", "a: 1\n\tb: 2\n", "f.md:6:1: invalid YAML: found a tab character that violates indentation; tabs cannot indent YAML; use spaces"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v any
			err := yaml.Unmarshal([]byte(tt.src), &v)
			if err == nil {
				t.Fatal("want a YAML error")
			}
			got := FromYAML(err, []byte(tt.src), Pos{File: "f.md", Line: 5})
			if len(got) != 1 || got[0].Error() != tt.want {
				t.Errorf("got %v\nwant %s", got, tt.want)
			}
		})
	}
}

func TestFromYAMLParserErrorLines(t *testing.T) {
	src := "a: 1\nb:\n  - x\n  y: 2\n"
	var v any
	err := yaml.Unmarshal([]byte(src), &v)
	if err == nil {
		t.Fatal("want a YAML error")
	}
	got := FromYAML(err, []byte(src), Pos{File: "f.md", Line: 10})
	if len(got) != 1 || got[0].Pos.Line != 12 {
		t.Errorf("got %v, want the error at f.md:12 (the list that y: breaks starts on YAML line 3)", got)
	}
}
