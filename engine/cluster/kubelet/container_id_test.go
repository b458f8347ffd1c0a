package kubelet

import (
	"testing"
	"unsafe"
)

// knownContainerID is containerID(id), whatever known holds, and it is
// known itself when known is that ID, which isContainerID tells.
func TestKnownContainerID(t *testing.T) {
	for _, tc := range []struct {
		id, known string
		reused    bool
	}{
		{"abc", "", false},
		{"abc", "containerd://abc", true},
		{"abc", "containerd://abd", false},
		{"abc", "containerd://ab", false},
		{"abc", "docker://abc12345", false},
		{"abc", "dockerd://abc", false},
		{"", "containerd://", true},
	} {
		if got, want := isContainerID(tc.known, tc.id), tc.known == containerID(tc.id); got != want {
			t.Errorf("isContainerID(%q, %q) = %v, want %v", tc.known, tc.id, got, want)
		}
		got := knownContainerID(tc.id, tc.known)
		if want := containerID(tc.id); got != want {
			t.Errorf("knownContainerID(%q, %q) = %q, want %q", tc.id, tc.known, got, want)
		}
		if reused := len(got) > 0 && unsafe.StringData(got) == unsafe.StringData(tc.known); reused != tc.reused {
			t.Errorf("knownContainerID(%q, %q) reused known: %v, want %v", tc.id, tc.known, reused, tc.reused)
		}
	}
}
