package markdown

import "testing"

func TestExtensions(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		want    []string
		wantNot []string
	}{
		{
			name: "table",
			src:  "| a | b |\n|:--|--:|\n| 1 | 2 |\n",
			want: []string{"<table>", "<th style=\"text-align:left\">a</th>", "<td style=\"text-align:right\">2</td>"},
		},
		{
			name: "strikethrough",
			src:  "~~gone~~ kept",
			want: []string{"<del>gone</del> kept"},
		},
		{
			name: "task list",
			src:  "- [x] done\n- [ ] todo\n",
			want: []string{`<li><input checked="" disabled="" type="checkbox"> done</li>`, `<li><input disabled="" type="checkbox"> todo</li>`},
		},
		{
			name: "autolink",
			src:  "see https://example.org/x and www.example.com and <mailto:a@b.org>",
			want: []string{`<a href="https://example.org/x">https://example.org/x</a>`, `<a href="http://www.example.com">www.example.com</a>`, `<a href="mailto:a@b.org">mailto:a@b.org</a>`},
		},
		{
			name: "footnote",
			src:  "claim[^src]\n\n[^src]: The source.\n",
			want: []string{`<sup id="fnref:1"><a href="#fn:1"`, `<li id="fn:1">`, "The source."},
		},
		{
			name: "definition list",
			src:  "Pod\n: The smallest unit.\n",
			want: []string{"<dl>\n<dt>Pod</dt>\n<dd>The smallest unit.</dd>\n</dl>"},
		},
		{
			name:    "typographer off",
			src:     `"quoted" -- text... 'single'`,
			want:    []string{"&quot;quoted&quot; -- text... 'single'"},
			wantNot: []string{"&ldquo;", "&ndash;", "&hellip;"},
		},
	}
	c := New(Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := convert(t, c, tt.src, Context{})
			checkContains(t, string(res.HTML), tt.want, tt.wantNot)
		})
	}
}
