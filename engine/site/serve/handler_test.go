package serve

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
)

func TestServePagesWithReloadScript(t *testing.T) {
	ts := newTestServer(t, writeSite(t, testSite))
	for _, tc := range []struct {
		name, path, want string
	}{
		{"home", homePath, "Hello"},
		{"section", sectionPath, "The section."},
		{"lesson", lessonPath, "First version."},
		{"index by name", "/s/index.html", "The section."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := ts.get(t, tc.path)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("GET %s: status %d, want 200", tc.path, resp.StatusCode)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("Content-Type = %q", ct)
			}
			if !strings.Contains(body, tc.want) {
				t.Errorf("GET %s lacks %q", tc.path, tc.want)
			}
			if n := strings.Count(body, reloadTag); n != 1 {
				t.Errorf("GET %s has the reload script %d times, want once", tc.path, n)
			}
			if !strings.Contains(body, reloadTag+"</body>") {
				t.Errorf("GET %s: reload script is not right before </body>", tc.path)
			}
		})
	}

	out, err := ts.state()
	if err != nil || out == nil {
		t.Fatalf("no good build: %v", err)
	}
	if len(out.Files) == 0 {
		t.Fatal("the build has no files")
	}
	for _, f := range out.Files {
		if bytes.Contains(f.Data, []byte("__loopbook")) || bytes.Contains(f.Data, []byte("reload.js")) {
			t.Errorf("built file %s contains the reload script", f.Path)
		}
	}
}

func TestServeReloadScript(t *testing.T) {
	ts := newTestServer(t, writeSite(t, testSite))
	resp, body := ts.get(t, reloadJSPath)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/javascript; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	for _, want := range []string{`new EventSource("/__loopbook/events")`, `"reload"`, `"error"`, "location.reload()"} {
		if !strings.Contains(body, want) {
			t.Errorf("reload.js lacks %s", want)
		}
	}
}

func TestServeContentTypes(t *testing.T) {
	ts := newTestServer(t, writeSite(t, testSite))
	out, _ := ts.state()
	css := ""
	for _, f := range out.Files {
		if strings.HasSuffix(f.Path, ".css") {
			css = f.Path
		}
	}
	if css == "" {
		t.Fatal("the build has no stylesheet")
	}
	for _, tc := range []struct{ path, ctype string }{
		{"/" + css, "text/css; charset=utf-8"},
		{"/sitemap.xml", "application/xml; charset=utf-8"},
		{"/print.html", "text/html; charset=utf-8"},
	} {
		resp, body := ts.get(t, tc.path)
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: status %d", tc.path, resp.StatusCode)
			continue
		}
		if ct := resp.Header.Get("Content-Type"); ct != tc.ctype {
			t.Errorf("GET %s: Content-Type %q, want %q", tc.path, ct, tc.ctype)
		}
		if injected := strings.Contains(body, reloadTag); injected != strings.HasSuffix(tc.path, ".html") {
			t.Errorf("GET %s: reload script present = %v", tc.path, injected)
		}
		want, _ := out.Lookup(strings.TrimPrefix(tc.path, "/"))
		if !strings.HasSuffix(tc.path, ".html") && body != string(want) {
			t.Errorf("GET %s: body differs from the built file", tc.path)
		}
	}
}

func TestServeNotFound(t *testing.T) {
	ts := newTestServer(t, writeSite(t, testSite))
	out, _ := ts.state()
	notFound, ok := out.Lookup("404.html")
	if !ok {
		t.Fatal("the build has no 404.html")
	}
	title := between(string(notFound), "<title>", "</title>")
	for _, p := range []string{"/nope.html", "/nope", "/s/deep/er/nope.html", "/content/_index.md", "/loopbook.yaml", "/__loopbook/nope"} {
		resp, body := ts.get(t, p)
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", p, resp.StatusCode)
		}
		if strings.HasPrefix(p, "/__loopbook/") {
			continue
		}
		if title == "" || !strings.Contains(body, title) {
			t.Errorf("GET %s: not the site's 404 page (title %q)", p, title)
		}
		if !strings.Contains(body, reloadTag) {
			t.Errorf("GET %s: 404 page lacks the reload script", p)
		}
		if deep := strings.Count(p, "/") > 1; strings.Contains(body, baseTag) != deep {
			t.Errorf("GET %s: root base present = %v, want %v", p, !deep, deep)
		}
	}
}

func TestServeFolderRedirect(t *testing.T) {
	ts := newTestServer(t, writeSite(t, testSite))
	resp, _ := ts.get(t, "/s")
	if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != "/s/" {
		t.Errorf("GET /s: status %d Location %q, want 302 to /s/", resp.StatusCode, resp.Header.Get("Location"))
	}
}

func TestServeMethods(t *testing.T) {
	ts := newTestServer(t, writeSite(t, testSite))
	resp, err := http.Post(ts.ts.URL+"/", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: status %d, want 405", resp.StatusCode)
	}
	resp, err = http.Head(ts.ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.ContentLength <= 0 {
		t.Errorf("HEAD /: status %d length %d", resp.StatusCode, resp.ContentLength)
	}
}

func TestServeWithoutGoodBuild(t *testing.T) {
	files := map[string]string{}
	for k, v := range testSite {
		files[k] = v
	}
	files[lessonFile] = "---\ntitel: x\n---\n"
	dir := writeSite(t, files)
	ts := newTestServer(t, dir)
	if !strings.Contains(ts.err.String(), lessonFile+":2") {
		t.Errorf("the terminal was not told the error; Err = %q", ts.err.String())
	}
	for _, p := range []string{homePath, lessonPath, "/anything"} {
		resp, body := ts.get(t, p)
		if resp.StatusCode != http.StatusInternalServerError {
			t.Errorf("GET %s: status %d, want 500", p, resp.StatusCode)
		}
		if !strings.Contains(body, lessonFile+":2") || !strings.Contains(body, "titel") {
			t.Errorf("GET %s: error page does not show the error:\n%s", p, body)
		}
		if !strings.Contains(body, reloadTag) {
			t.Errorf("GET %s: error page lacks the reload script", p)
		}
	}
	if resp, _ := ts.get(t, "/assets/style.css"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET a stylesheet without a build: status %d, want 404", resp.StatusCode)
	}

	writeFile(t, dir, lessonFile, testSite[lessonFile])
	ts.Rebuild([]string{lessonFile})
	resp, body := ts.get(t, lessonPath)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "First version.") {
		t.Errorf("after fixing the error: status %d, body lacks the lesson", resp.StatusCode)
	}
	if !strings.Contains(ts.out.String(), "rebuilt in ") {
		t.Errorf("Out = %q, want a rebuilt line", ts.out.String())
	}
}

func TestRebuildKeepsLastGoodBuild(t *testing.T) {
	dir := writeSite(t, testSite)
	ts := newTestServer(t, dir)
	writeFile(t, dir, lessonFile, "---\ntitle: Lesson L\n---\n\nSecond version.\n")
	ts.Rebuild([]string{lessonFile})
	if _, body := ts.get(t, lessonPath); !strings.Contains(body, "Second version.") {
		t.Fatal("the rebuild did not change the lesson")
	}
	if !strings.Contains(ts.out.String(), "(3 pages)") {
		t.Errorf("Out = %q, want a page count of 3", ts.out.String())
	}

	writeFile(t, dir, lessonFile, "---\ntitel: x\n---\n")
	ts.Rebuild([]string{lessonFile})
	resp, body := ts.get(t, lessonPath)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "Second version.") {
		t.Errorf("after a failed rebuild: status %d, want the last good lesson", resp.StatusCode)
	}
	if !strings.Contains(ts.err.String(), lessonFile+":2") {
		t.Errorf("Err = %q, want the error with its position", ts.err.String())
	}
}

// between returns the text of s between the first open and the next close.
func between(s, open, close string) string {
	_, rest, ok := strings.Cut(s, open)
	if !ok {
		return ""
	}
	in, _, _ := strings.Cut(rest, close)
	return in
}
