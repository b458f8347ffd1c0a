package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCPUProfile: --cpuprofile writes a profile go tool pprof reads (a
// gzipped protocol buffer) after any command, one that fails too, and a
// path it cannot create is the command's error.
func TestCPUProfile(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"succeeds", []string{"version"}, exitOK},
		{"fails", []string{"check", "-s", filepath.Join(dir, "no-such-site")}, exitFailure},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".pprof")
			code, _, stderr := runCLI(t, append(tc.args, "--cpuprofile", path)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s", code, tc.code, stderr)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
				t.Errorf("the profile is not gzipped: % x", b[:min(len(b), 4)])
			}
		})
	}
	code, _, stderr := runCLI(t, "version", "--cpuprofile", filepath.Join(dir, "missing", "cpu.pprof"))
	if code != exitFailure || !strings.Contains(stderr, "cpu profile:") {
		t.Errorf("an uncreatable profile: exit %d, %q", code, stderr)
	}
}
