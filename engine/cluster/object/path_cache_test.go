package object

import (
	"reflect"
	"testing"
)

// TestParseCachedIsParsePath: a cached path is the parsed one, every
// time; an invalid path is an error every time and is not kept.
func TestParseCachedIsParsePath(t *testing.T) {
	for _, s := range []string{".spec.nodeName", ".status.conditions[type=Ready].status", `.metadata.labels["app.kubernetes.io/name"]`} {
		want, err := ParsePath(s)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			got, err := parseCached(s)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("parseCached(%q) = %v, %v; want %v", s, got, err, want)
			}
		}
	}
	for range 2 {
		if _, err := parseCached(".spec[nodeName"); err == nil {
			t.Fatal("an unclosed bracket parsed")
		}
	}
	if _, ok := parsedPaths.Load(".spec[nodeName"); ok {
		t.Error("an invalid path was kept")
	}
}
