package job

import "testing"

func TestMatchSuccessPolicy(t *testing.T) {
	spec := func(rules ...any) map[string]any {
		return map[string]any{"completions": int64(6), "successPolicy": map[string]any{"rules": rules}}
	}
	indexes := func(s string) map[string]any { return map[string]any{"succeededIndexes": s} }
	cases := []struct {
		name      string
		spec      map[string]any
		succeeded []int
		want      string
	}{
		{"all named indexes", spec(indexes("0,2-3")), []int{0, 2, 3}, "Matched rules at index 0"},
		{"a named index missing", spec(indexes("0,2-3")), []int{0, 2}, ""},
		{"enough of the named", spec(map[string]any{"succeededIndexes": "0-3", "succeededCount": int64(2)}), []int{1, 3, 5}, "Matched rules at index 0"},
		{"a count alone", spec(indexes("5"), map[string]any{"succeededCount": int64(3)}), []int{0, 1, 4}, "Matched rules at index 1"},
		{"unparsable indexes name nothing", spec(indexes("x"), map[string]any{"succeededCount": int64(1)}), []int{2}, "Matched rules at index 1"},
		{"nothing succeeded", spec(map[string]any{"succeededCount": int64(0)}), nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := matchSuccessPolicy(c.spec, c.succeeded)
			if got != c.want || ok != (c.want != "") {
				t.Errorf("got %q %v, want %q", got, ok, c.want)
			}
		})
	}
}
