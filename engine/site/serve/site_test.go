package serve

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// secret is the first line of a go.mod-like file at the root of every test
// site: no response may ever contain it.
const secret = "module github.com/loopbook/secret-site"

// testSite is a minimal site: a home page and one section with one lesson.
var testSite = map[string]string{
	"loopbook.yaml":          "title: T\n",
	"go.mod":                 secret + "\n\ngo 1.26\n",
	"content/_index.md":      "---\ntitle: Home\n---\n\nHello\n",
	"lessons/01-s/_index.md": "---\ntitle: Section S\n---\n\nThe section.\n",
	"lessons/01-s/01-l.md":   "---\ntitle: Lesson L\n---\n\nFirst version.\n",
}

// Output paths of the test site's pages.
const (
	homePath    = "/"
	sectionPath = "/s/"
	lessonPath  = "/s/l.html"
	lessonFile  = "lessons/01-s/01-l.md"
)

// writeSite writes files into a new temporary site folder.
func writeSite(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		writeFile(t, dir, name, body)
	}
	return dir
}

// writeFile writes one file of the site at dir, creating its folders.
func writeFile(t *testing.T, dir, name, body string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// lockedBuffer is a bytes.Buffer safe for concurrent use.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// testServer is a Server for a site folder, behind an httptest server.
type testServer struct {
	*Server
	ts       *httptest.Server
	out, err *lockedBuffer
}

// newTestServer builds the site at dir and serves it; everything is
// closed when the test ends.
func newTestServer(t *testing.T, dir string) *testServer {
	t.Helper()
	out, errw := &lockedBuffer{}, &lockedBuffer{}
	s, err := New(Options{Source: dir, Out: out, Err: errw})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	t.Cleanup(s.Close) // runs first: ends event streams, which ts.Close waits for
	return &testServer{Server: s, ts: ts, out: out, err: errw}
}

// get fetches path from the server without following redirects.
func (ts *testServer) get(t *testing.T, path string) (*http.Response, string) {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(ts.ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(body)
}
