package browsertest

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/loopbook/loopbook/engine/site"
)

// Site is a site built from a txtar archive and published to a temporary
// folder.
type Site struct {
	Src    string       // the site's source folder
	Public string       // the published output folder
	Output *site.Output // the build's files, in memory
}

// BuildSite extracts the txtar archive at path into a temporary folder,
// builds it minified with opts (Source is set here) and publishes it. A
// failed build fails t.
func BuildSite(t testing.TB, path string, opts site.Options) *Site {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	for _, f := range ar.Files {
		p := filepath.Join(src, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opts.Source = src
	out, err := site.Build(opts)
	if err != nil {
		t.Fatalf("building %s: %v", path, err)
	}
	pub := filepath.Join(dir, "public")
	if err := site.Publish(out, pub); err != nil {
		t.Fatal(err)
	}
	return &Site{Src: src, Public: pub, Output: out}
}

// File returns the file:// URL of the output file at the slash path rel.
func (s *Site) File(rel string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(s.Public, filepath.FromSlash(rel)))}
	return u.String()
}

// Serve serves the published folder over HTTP on 127.0.0.1 until t ends and
// returns the base URL, ending in "/".
func (s *Site) Serve(t testing.TB) string {
	t.Helper()
	srv := httptest.NewServer(http.FileServer(http.Dir(s.Public)))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}
