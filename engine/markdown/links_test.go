package markdown

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
)

func TestLinkPositions(t *testing.T) {
	at := func(line, col int) diag.Pos { return diag.Pos{File: "p.md", Line: line, Col: col} }
	tests := []struct {
		name string
		src  string
		want []Link
	}{
		{"inline", "See [docs](a.md).", []Link{{Orig: "a.md", Dest: "a.md", Pos: at(3, 5)}}},
		{"image", "x ![diagram](d.svg)", []Link{{Orig: "d.svg", Dest: "d.svg", Pos: at(3, 3), Image: true}}},
		{"image without alt", "a ![](d.svg) b", []Link{{Orig: "d.svg", Dest: "d.svg", Pos: at(3, 3), Image: true}}},
		{"second line", "first line\nsecond [x](b.md)", []Link{{Orig: "b.md", Dest: "b.md", Pos: at(4, 8)}}},
		{"emphasised text", "**[*bold*](c.md)**", []Link{{Orig: "c.md", Dest: "c.md", Pos: at(3, 3)}}},
		{"code text", "[`kubectl`](k.md)", []Link{{Orig: "k.md", Dest: "k.md", Pos: at(3, 1)}}},
		{"image in link", "[![badge](b.svg)](home.md)", []Link{
			{Orig: "home.md", Dest: "home.md", Pos: at(3, 1)},
			{Orig: "b.svg", Dest: "b.svg", Pos: at(3, 2), Image: true},
		}},
		{"reference", "[a][r] then [b](u.md)\n\n[r]: /ref.md", []Link{
			{Orig: "/ref.md", Dest: "/ref.md", Pos: at(3, 1)},
			{Orig: "u.md", Dest: "u.md", Pos: at(3, 13)},
		}},
		{"after footnote ref", "text[^1] [after](w.md)\n\n[^1]: n", []Link{{Orig: "w.md", Dest: "w.md", Pos: at(3, 10)}}},
		{"after escaped bracket", `\[not] [y](v.md)`, []Link{{Orig: "v.md", Dest: "v.md", Pos: at(3, 8)}}},
		{"unicode columns", "Über «x» [y](v.md)", []Link{{Orig: "v.md", Dest: "v.md", Pos: at(3, 10)}}},
		{"autolinks", "<https://a.org> and https://b.org and <x@y.org>", []Link{
			{Orig: "https://a.org", Dest: "https://a.org", Pos: at(3, 1)},
			{Orig: "https://b.org", Dest: "https://b.org", Pos: at(3, 21)},
			{Orig: "mailto:x@y.org", Dest: "mailto:x@y.org", Pos: at(3, 39)},
		}},
		{"www autolink", "go to www.k8s.io", []Link{{Orig: "http://www.k8s.io", Dest: "http://www.k8s.io", Pos: at(3, 7)}}},
		{"table cell", "| h |\n|---|\n| [c](t.md) |", []Link{{Orig: "t.md", Dest: "t.md", Pos: at(5, 3)}}},
		{"block quote in list", "- item\n\n  > quote [q](q.md)", []Link{{Orig: "q.md", Dest: "q.md", Pos: at(5, 11)}}},
		{"escapes resolved", `[b](a\_b.md) [c](<x y.md>)`, []Link{
			{Orig: "a_b.md", Dest: "a_b.md", Pos: at(3, 1)},
			{Orig: "x y.md", Dest: "x y.md", Pos: at(3, 14)},
		}},
		{"heading", "## See [x](h.md)", []Link{{Orig: "h.md", Dest: "h.md", Pos: at(3, 8)}}},
	}
	c := New(Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := convert(t, c, tt.src, Context{File: "p.md", Line: 3})
			if !reflect.DeepEqual(res.Links, tt.want) {
				t.Errorf("Links =\n%+v\nwant\n%+v", res.Links, tt.want)
			}
		})
	}
}

func TestResolve(t *testing.T) {
	src := "[a](intro.md#setup) ![i](img/x.png) <https://k8s.io> [gone](missing.md) [ext](https://example.org)\n"
	var seen []string
	resolve := func(dest string, pos diag.Pos) (string, error) {
		seen = append(seen, dest+"@"+pos.String())
		switch {
		case dest == "missing.md":
			return "", errors.New("no page missing.md")
		case strings.HasSuffix(dest, ".md#setup"):
			return "intro.html#setup", nil
		case dest == "https://k8s.io":
			return "https://kubernetes.io", nil
		case strings.HasPrefix(dest, "img/"):
			return "../" + dest, nil
		}
		return dest, nil
	}
	res, err := New(Options{}).Convert([]byte(src), Context{File: "l.md", Line: 2, Resolve: resolve})
	if err == nil || err.Error() != "l.md:2:54: no page missing.md" {
		t.Errorf("err = %v", err)
	}
	wantSeen := []string{"intro.md#setup@l.md:2:1", "img/x.png@l.md:2:21", "https://k8s.io@l.md:2:37", "missing.md@l.md:2:54", "https://example.org@l.md:2:73"}
	if !reflect.DeepEqual(seen, wantSeen) {
		t.Errorf("Resolve saw %q, want %q", seen, wantSeen)
	}
	checkContains(t, string(res.HTML), []string{
		`<a href="intro.html#setup">a</a>`,
		`<img src="../img/x.png" alt="i">`,
		`<a href="https://kubernetes.io">https://k8s.io</a>`,
		`<a href="missing.md">gone</a>`,
		`<a href="https://example.org">ext</a>`,
	}, nil)
	if got := res.Links[0]; got.Orig != "intro.md#setup" || got.Dest != "intro.html#setup" {
		t.Errorf("Links[0] = %+v", got)
	}
	if got := res.Links[3]; got.Dest != "missing.md" {
		t.Errorf("a failed resolve keeps the destination; got %+v", got)
	}
}

func TestResolvePositionedError(t *testing.T) {
	resolve := func(dest string, pos diag.Pos) (string, error) {
		pos.Col += 3
		return dest, diag.List{diag.Errorf(pos, "anchor missing").WithHint(`did you mean "#setup"?`)}
	}
	_, err := New(Options{}).Convert([]byte("x [a](b.md#setpu)"), Context{File: "l.md", Resolve: resolve})
	if err == nil || err.Error() != `l.md:1:6: anchor missing; did you mean "#setup"?` {
		t.Errorf("err = %v", err)
	}
}
