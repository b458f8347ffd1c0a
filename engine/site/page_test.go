package site

import "testing"

func TestSlugify(t *testing.T) {
	tests := []struct{ in, want string }{
		{"01-who-talks.md", "who-talks"},
		{"2_gates.md", "gates"},
		{"003.watch.md", "watch"},
		{"no-prefix.md", "no-prefix"},
		{"10-actors", "actors"},
		{"2024.md", "2024"},
		{"01-.md", "01-"},
		{"v1-api.md", "v1-api"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := Slugify(tt.in); got != tt.want {
				t.Errorf("Slugify(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestRelURL(t *testing.T) {
	tests := []struct{ from, to, want string }{
		{"index.html", "actors/who.html", "actors/who.html"},
		{"actors/who.html", "index.html", "../index.html"},
		{"actors/who.html", "actors/gates.html", "gates.html"},
		{"actors/who.html", "actors/index.html", "index.html"},
		{"a/b/c.html", "a/d/e.html", "../d/e.html"},
		{"a/b/c.html", "assets/style.css", "../../assets/style.css"},
		{"a/index.html", "a/index.html", "index.html"},
		{"a/x.html", "a/x/index.html", "x/index.html"},
	}
	for _, tt := range tests {
		if got := relURL(tt.from, tt.to); got != tt.want {
			t.Errorf("relURL(%q, %q) = %q, want %q", tt.from, tt.to, got, tt.want)
		}
	}
}

func TestRootPrefix(t *testing.T) {
	for out, want := range map[string]string{"index.html": "", "a/b.html": "../", "a/b/index.html": "../../"} {
		if got := rootPrefix(out); got != want {
			t.Errorf("rootPrefix(%q) = %q, want %q", out, got, want)
		}
	}
}
