package markdown

import "testing"

func TestRawHTML(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		unsafe  bool
		want    []string
		wantNot []string
	}{
		{
			name:    "inline escaped",
			src:     "press <kbd>Ctrl</kbd> now",
			want:    []string{"<p>press &lt;kbd&gt;Ctrl&lt;/kbd&gt; now</p>"},
			wantNot: []string{"<kbd>", "raw HTML omitted"},
		},
		{
			name:    "block escaped",
			src:     "<div class=\"note\">\nHello\n</div>\n",
			want:    []string{"<p>&lt;div class=&quot;note&quot;&gt;\nHello\n&lt;/div&gt;</p>"},
			wantNot: []string{"<div", "raw HTML omitted"},
		},
		{
			name:    "script block escaped",
			src:     "<script>alert(1)</script>\n",
			want:    []string{"<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"},
			wantNot: []string{"<script>"},
		},
		{
			name:    "comments dropped",
			src:     "<!-- block note -->\n\ntext <!-- inline note --> end\n",
			want:    []string{"<p>text  end</p>"},
			wantNot: []string{"note", "&lt;!--"},
		},
		{
			name:    "dangerous link dropped",
			src:     "[x](javascript:alert(1))",
			wantNot: []string{"javascript:"},
		},
		{
			name:   "unsafe inline",
			src:    "press <kbd>Ctrl</kbd> now",
			unsafe: true,
			want:   []string{"<p>press <kbd>Ctrl</kbd> now</p>"},
		},
		{
			name:   "unsafe block",
			src:    "<div class=\"note\">\nHello\n</div>\n",
			unsafe: true,
			want:   []string{"<div class=\"note\">\nHello\n</div>"},
		},
		{
			name:   "unsafe comment kept",
			src:    "<!-- note -->\n",
			unsafe: true,
			want:   []string{"<!-- note -->"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := convert(t, New(Options{Unsafe: tt.unsafe}), tt.src, Context{})
			checkContains(t, string(res.HTML), tt.want, tt.wantNot)
		})
	}
}

func TestRawHTMLIDs(t *testing.T) {
	src := "<div id=\"box\">\n\nx <a id='inline'></a>\n"
	tests := []struct {
		name   string
		unsafe bool
		want   int // number of raw ids found
	}{
		{"safe has none", false, 0},
		{"unsafe finds them", true, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := convert(t, New(Options{Unsafe: tt.unsafe}), src, Context{})
			if len(res.IDs) != tt.want {
				t.Errorf("IDs = %q, want %d", res.IDs, tt.want)
			}
		})
	}
}
