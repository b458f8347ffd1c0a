package serve

import (
	"net/http"
	"path"
	"strconv"
	"strings"
)

// Endpoints of the server itself, never part of a site.
const (
	endpointPrefix = "/__loopbook/"
	eventsPath     = endpointPrefix + "events"
	reloadJSPath   = endpointPrefix + "reload.js"
)

// Handler answers GET and HEAD requests with the files of the last good
// build, the server's own endpoints, or the site's 404.html with status
// 404. It never reads the file system.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(s.serveHTTP)
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, err := sitePath(r.URL.EscapedPath(), r.URL.Path)
	if err != nil || strings.ContainsAny(r.RequestURI, "\\\x00") {
		http.Error(w, "bad request path", http.StatusBadRequest)
		return
	}
	switch "/" + name {
	case eventsPath:
		s.serveEvents(w, r)
		return
	case reloadJSPath:
		write(w, r, http.StatusOK, "text/javascript; charset=utf-8", reloadJS)
		return
	}
	if strings.HasPrefix("/"+name, endpointPrefix) {
		http.NotFound(w, r)
		return
	}
	s.serveSite(w, r, name)
}

// serveSite answers with the output file name.
func (s *Server) serveSite(w http.ResponseWriter, r *http.Request, name string) {
	out, buildErr := s.state()
	if out == nil {
		if looksLikePage(name) {
			write(w, r, http.StatusInternalServerError, contentTypes[".html"], renderErrorPage(s.title, buildErr))
			return
		}
		http.Error(w, "the site did not build", http.StatusNotFound)
		return
	}
	if data, ok := out.Lookup(name); ok {
		s.writeFile(w, r, http.StatusOK, name, data)
		return
	}
	// A folder asked for without its slash: send the browser to the folder,
	// so the page's relative links resolve from inside it.
	if path.Ext(name) == "" {
		if _, ok := out.Lookup(name + "/index.html"); ok {
			http.Redirect(w, r, "/"+name+"/", http.StatusFound)
			return
		}
	}
	if data, ok := out.Lookup("404.html"); ok {
		if strings.Contains(name, "/") {
			// Built for the root, its relative links (stylesheet included)
			// would miss from deeper down.
			data = rootBase(data)
		}
		s.writeFile(w, r, http.StatusNotFound, "404.html", data)
		return
	}
	http.NotFound(w, r)
}

// writeFile answers with one file of the build, adding the reload script
// to HTML.
func (s *Server) writeFile(w http.ResponseWriter, r *http.Request, status int, name string, data []byte) {
	ctype := contentType(name, data)
	if isHTML(ctype) {
		data = inject(data)
	}
	write(w, r, status, ctype, data)
}

// write sends a complete response; HEAD gets the headers only.
func write(w http.ResponseWriter, r *http.Request, status int, ctype string, data []byte) {
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Content-Length", strconv.Itoa(len(data)))
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(data) // a client that went away needs no answer
	}
}

// looksLikePage reports whether an output name is (probably) an HTML page:
// a .html file, or a name with no extension.
func looksLikePage(name string) bool {
	ext := path.Ext(name)
	return ext == "" || ext == ".html"
}
