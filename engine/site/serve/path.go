package serve

import (
	"errors"
	"net/url"
	"path"
	"strings"
)

// errBadPath refuses a request path that tries to leave the site.
var errBadPath = errors.New("bad path")

// sitePath turns a request's path into the slash path of an output file.
// raw is the path as sent (still percent-encoded), decoded the path the
// server decoded from it. A path whose raw form, decoded form or form
// decoded once more holds a ".." segment, a backslash or a NUL byte is
// refused, as is one that does not start with "/". A path ending in "/"
// names the folder's index.html.
func sitePath(raw, decoded string) (string, error) {
	if !strings.HasPrefix(decoded, "/") {
		return "", errBadPath
	}
	forms := []string{raw, decoded}
	if twice, err := url.PathUnescape(decoded); err == nil {
		forms = append(forms, twice)
	}
	for _, p := range forms {
		if suspicious(p) {
			return "", errBadPath
		}
	}
	name := strings.TrimPrefix(path.Clean(decoded), "/")
	if name == "" {
		return "index.html", nil
	}
	if strings.HasSuffix(decoded, "/") {
		return name + "/index.html", nil
	}
	return name, nil
}

// suspicious reports a ".." segment, a backslash, a NUL byte, or their
// percent-encoded forms in p.
func suspicious(p string) bool {
	if strings.ContainsAny(p, "\\\x00") {
		return true
	}
	lower := strings.ToLower(p)
	if strings.Contains(lower, "%5c") || strings.Contains(lower, "%00") {
		return true
	}
	for _, seg := range strings.FieldsFunc(lower, func(r rune) bool { return r == '/' }) {
		if seg == ".." {
			return true
		}
	}
	return false
}
