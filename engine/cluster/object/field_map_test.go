package object

import "testing"

func TestFormatFieldMap(t *testing.T) {
	cases := []struct {
		in   map[string]string
		want string
	}{
		{nil, ""},
		{map[string]string{"app": "web"}, `app="web"`},
		{map[string]string{"tier": "front", "app": "a \"b\"\n"}, "app=\"a \\\"b\\\"\\n\"\ntier=\"front\""},
	}
	for _, c := range cases {
		if got := FormatFieldMap(c.in); got != c.want {
			t.Errorf("FormatFieldMap(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
