package runtime

import (
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want, repo string }{
		{"web:v1", "docker.io/library/web:v1", "docker.io/library/web"},
		{"nginx", "docker.io/library/nginx:latest", "docker.io/library/nginx"},
		{"alice/app:2", "docker.io/alice/app:2", "docker.io/alice/app"},
		{"registry.k8s.io/pause:3.10.1", "registry.k8s.io/pause:3.10.1", "registry.k8s.io/pause"},
		{"localhost:5000/app", "localhost:5000/app:latest", "localhost:5000/app"},
		{"ghcr.io/org/team/app:1.2", "ghcr.io/org/team/app:1.2", "ghcr.io/org/team/app"},
		{"docker.io/library/web:v1", "docker.io/library/web:v1", "docker.io/library/web"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if got := Normalize(tc.in); got != tc.want {
				t.Errorf("Normalize(%q) = %q, want %q", tc.in, got, tc.want)
			}
			ref := ImageRef(tc.in)
			if !strings.HasPrefix(ref, tc.repo+"@sha256:") || len(ref) != len(tc.repo)+len("@sha256:")+64 {
				t.Errorf("ImageRef(%q) = %q", tc.in, ref)
			}
			if ImageRef(tc.in) != ImageRef(tc.want) {
				t.Error("a name and its normalized form have different digests")
			}
		})
	}
	if Digest("web:v1") == Digest("web:v2") {
		t.Error("two tags share a digest")
	}
}

// An image the node adds keeps its digest and digested reference, the
// ones Digest and ImageRef compute from its name.
func TestImageRecordDigests(t *testing.T) {
	n := newNode(t, nil)
	for _, name := range []string{"web:v1", "nginx", "alice/app:2", "localhost:5000/app", "docker.io/library/web:v1"} {
		im := n.rt.addImage(name, &Image{})
		if im.id != Digest(name) || im.ref != ImageRef(name) || im.info().ID != Digest(im.name) {
			t.Errorf("%s: id %q, ref %q; want %q, %q", name, im.id, im.ref, Digest(name), ImageRef(name))
		}
	}
}
