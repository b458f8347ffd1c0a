package markdown

import (
	"strings"
	"testing"
)

// convert converts src with c and fails the test on any error.
func convert(t *testing.T, c *Converter, src string, ctx Context) *Result {
	t.Helper()
	res, err := c.Convert([]byte(src), ctx)
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	return res
}

// checkContains fails unless html contains every want and none of the
// wantNot.
func checkContains(t *testing.T, html string, want, wantNot []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(html, w) {
			t.Errorf("missing %q in\n%s", w, html)
		}
	}
	for _, w := range wantNot {
		if strings.Contains(html, w) {
			t.Errorf("unexpected %q in\n%s", w, html)
		}
	}
}
