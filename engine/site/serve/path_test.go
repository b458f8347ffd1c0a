package serve

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestSitePath(t *testing.T) {
	for _, tc := range []struct {
		name, raw, decoded, want string // want "" means refused
	}{
		{"root", "/", "/", "index.html"},
		{"folder", "/s/", "/s/", "s/index.html"},
		{"file", "/s/l.html", "/s/l.html", "s/l.html"},
		{"dot segment", "/s/./l.html", "/s/./l.html", "s/l.html"},
		{"double slash", "//etc/passwd", "//etc/passwd", "etc/passwd"},
		{"encoded space", "/a%20b.html", "/a b.html", "a b.html"},
		{"dotdot", "/../go.mod", "/../go.mod", ""},
		{"inner dotdot", "/s/../../go.mod", "/s/../../go.mod", ""},
		{"trailing dotdot", "/s/..", "/s/..", ""},
		{"encoded dotdot", "/%2e%2e/go.mod", "/../go.mod", ""},
		{"encoded slash", "/..%2fgo.mod", "/../go.mod", ""},
		{"all encoded", "/%2e%2e%2fgo.mod", "/../go.mod", ""},
		{"double encoded", "/%252e%252e%252fgo.mod", "/%2e%2e%2fgo.mod", ""},
		{"backslash", "/..%5cgo.mod", "/..\\go.mod", ""},
		{"plain backslash", "/a\\b", "/a\\b", ""},
		{"nul", "/index.html%00", "/index.html\x00", ""},
		{"not rooted", "*", "*", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := sitePath(tc.raw, tc.decoded)
			switch {
			case tc.want == "" && err == nil:
				t.Errorf("sitePath(%q, %q) = %q, want refused", tc.raw, tc.decoded, got)
			case tc.want != "" && err != nil:
				t.Errorf("sitePath(%q, %q) refused, want %q", tc.raw, tc.decoded, tc.want)
			case got != tc.want:
				t.Errorf("sitePath(%q, %q) = %q, want %q", tc.raw, tc.decoded, got, tc.want)
			}
		})
	}
}

// traversals are request targets that try to reach the site's go.mod, as
// sent on the request line, with the statuses allowed for each.
var traversals = []struct {
	target string
	status []int
}{
	{"/../go.mod", []int{400}},
	{"/%2e%2e/go.mod", []int{400}},
	{"/..%2fgo.mod", []int{400}},
	{"/%2e%2e%2fgo.mod", []int{400}},
	{"/%2E%2E%2Fgo.mod", []int{400}},
	{"/s/../../go.mod", []int{400}},
	{"/s/%2e%2e/%2e%2e/go.mod", []int{400}},
	{"/%252e%252e/go.mod", []int{400}},
	{"/..%5cgo.mod", []int{400}},
	{"/..\\go.mod", []int{400}},
	{"/go.mod%00.html", []int{400}},
	// The client sends "//host/…" as an absolute URL for host, with an
	// empty path: 400 then, 404 on the wire.
	{"//etc/passwd", []int{404, 400}},
	{"/go.mod", []int{404}},
	{"//go.mod", []int{404, 400}},
	{"/./go.mod", []int{404}},
	{"/loopbook.yaml", []int{404}},
	{"/content/_index.md", []int{404}},
	{"/lessons/01-s/01-l.md", []int{404}},
}

func TestTraversalRefusedOnTheWire(t *testing.T) {
	ts := newTestServer(t, writeSite(t, testSite))
	addr := strings.TrimPrefix(ts.ts.URL, "http://")
	for _, tc := range traversals {
		t.Run(tc.target, func(t *testing.T) {
			status, body := rawGet(t, addr, tc.target)
			checkRefused(t, tc.target, status, body, tc.status)
		})
	}
}

func TestTraversalRefusedFromClient(t *testing.T) {
	ts := newTestServer(t, writeSite(t, testSite))
	for _, tc := range traversals {
		if strings.Contains(tc.target, "\\") {
			continue // not a valid request target for the client
		}
		t.Run(tc.target, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodGet, ts.ts.URL, nil)
			if err != nil {
				t.Fatal(err)
			}
			// Opaque goes on the request line as it is: the client neither
			// cleans nor re-encodes it.
			req.URL = &url.URL{Scheme: "http", Host: req.URL.Host, Opaque: tc.target}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			checkRefused(t, tc.target, resp.StatusCode, string(body), tc.status)
		})
	}
}

func checkRefused(t *testing.T, target string, status int, body string, want []int) {
	t.Helper()
	if strings.Contains(body, "module github.com/loopbook") {
		t.Fatalf("GET %s served the site's go.mod", target)
	}
	for _, w := range want {
		if status == w {
			return
		}
	}
	t.Errorf("GET %s: status %d, want one of %v", target, status, want)
}

// rawGet sends target on the request line exactly as given and returns the
// response's status and body.
func rawGet(t *testing.T, addr, target string) (int, string) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(5 * time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(conn, "GET "+target+" HTTP/1.1\r\nHost: "+addr+"\r\nConnection: close\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}
