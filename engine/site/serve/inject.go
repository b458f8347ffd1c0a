package serve

import "bytes"

// reloadTag loads the live-reload client; only served HTML carries it.
const reloadTag = `<script src="/__loopbook/reload.js" defer></script>`

// inject returns a copy of the HTML page with the reload script inserted
// before its last </body>, or appended when it has none. page itself is
// never changed: it belongs to the build.
func inject(page []byte) []byte {
	i := lastIndexFold(page, []byte("</body>"))
	if i < 0 {
		i = len(page)
	}
	out := make([]byte, 0, len(page)+len(reloadTag))
	out = append(out, page[:i]...)
	out = append(out, reloadTag...)
	return append(out, page[i:]...)
}

// baseTag makes the relative links of a page served at any depth resolve
// from the site root.
const baseTag = `<base href="/">`

// rootBase returns a copy of the HTML page with <base href="/"> right after
// its <head>, unless the page sets a base itself or has no <head>. It is
// for 404.html, which is built for the root yet answers every depth; it
// costs the page its in-page anchors, so it is only for deeper paths.
func rootBase(page []byte) []byte {
	if lastIndexFold(page, []byte("<base ")) >= 0 {
		return page
	}
	i := indexFold(page, []byte("<head>"))
	if i < 0 {
		return page
	}
	i += len("<head>")
	out := make([]byte, 0, len(page)+len(baseTag))
	out = append(out, page[:i]...)
	out = append(out, baseTag...)
	return append(out, page[i:]...)
}

// indexFold is bytes.Index for an ASCII needle, ignoring case.
func indexFold(s, needle []byte) int {
	for i := 0; i+len(needle) <= len(s); i++ {
		if bytes.EqualFold(s[i:i+len(needle)], needle) {
			return i
		}
	}
	return -1
}

// lastIndexFold is bytes.LastIndex for an ASCII needle, ignoring case.
func lastIndexFold(s, needle []byte) int {
	for i := len(s) - len(needle); i >= 0; i-- {
		if bytes.EqualFold(s[i:i+len(needle)], needle) {
			return i
		}
	}
	return -1
}
