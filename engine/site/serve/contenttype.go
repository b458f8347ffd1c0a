package serve

import (
	"mime"
	"net/http"
	"path"
	"strings"
)

// contentTypes fixes the types of the files a site is made of, so they do
// not depend on the machine's MIME tables.
var contentTypes = map[string]string{
	".html":  "text/html; charset=utf-8",
	".css":   "text/css; charset=utf-8",
	".js":    "text/javascript; charset=utf-8",
	".json":  "application/json",
	".xml":   "application/xml; charset=utf-8",
	".svg":   "image/svg+xml",
	".txt":   "text/plain; charset=utf-8",
	".md":    "text/plain; charset=utf-8",
	".yaml":  "text/plain; charset=utf-8",
	".yml":   "text/plain; charset=utf-8",
	".png":   "image/png",
	".jpg":   "image/jpeg",
	".jpeg":  "image/jpeg",
	".gif":   "image/gif",
	".webp":  "image/webp",
	".avif":  "image/avif",
	".ico":   "image/x-icon",
	".woff":  "font/woff",
	".woff2": "font/woff2",
	".pdf":   "application/pdf",
	".wasm":  "application/wasm",
}

// contentType is the Content-Type of the file name with content data:
// from the table above, the system's MIME tables, or sniffed.
func contentType(name string, data []byte) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return http.DetectContentType(data)
}

// isHTML reports whether a Content-Type is HTML.
func isHTML(ctype string) bool {
	return strings.HasPrefix(ctype, "text/html")
}
