package serve

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// freePort returns a loopback port that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func TestRunServesUntilCancelled(t *testing.T) {
	dir := writeSite(t, testSite)
	port := freePort(t)
	out := &lockedBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, Options{Source: dir, Port: port, Out: out}) }()

	url := fmt.Sprintf("http://127.0.0.1:%d/", port)
	banner := "Serving T at " + url + " (Ctrl+C to stop)\n"
	deadline := time.Now().Add(wait)
	for !strings.Contains(out.String(), banner) {
		select {
		case err := <-done:
			t.Fatalf("Run returned early: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no banner within %v; Out = %q", wait, out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(out.String(), "built in ") {
		t.Errorf("Out = %q, want the first build reported", out.String())
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET /: status %d", resp.StatusCode)
	}
	// An open event stream must not hold the shutdown up.
	stream, err := http.Get(url + strings.TrimPrefix(eventsPath, "/"))
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run = %v after its context ended, want nil", err)
		}
	case <-time.After(wait):
		t.Fatalf("Run did not return within %v of its context ending", wait)
	}
}

func TestRunFails(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	busy := ln.Addr().(*net.TCPAddr).Port
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"missing folder", Options{Source: filepath.Join(t.TempDir(), "nope"), Port: freePort(t)}, "site folder"},
		{"port in use", Options{Source: writeSite(t, testSite), Port: busy}, "address already in use"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), wait)
			defer cancel()
			err := Run(ctx, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Run = %v, want an error about %s", err, tc.want)
			}
		})
	}
}
