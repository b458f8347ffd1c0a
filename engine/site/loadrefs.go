package site

import "bytes"

// Finding what a page loads is a scan of every page of the site, which
// the regular expression
//
//	<(?:[a-z]+[^>]* src|link rel="?(?:stylesheet|icon)"?[^>]* href)="([^"#]+)"
//
// (the src attributes, and the href of <link rel="stylesheet"> and
// <link rel="icon">) did in a tenth of a build's time. appendLoadRefs
// finds the same matches, as that expression's FindAllSubmatch would, in
// a pass over the bytes: its delimiters are all ASCII, so bytes stand for
// runes, and a multi-byte character never matches one of them.

// appendLoadRefs appends to dst the references html loads, in order: the
// values of its src attributes, and the href of its stylesheet and icon
// links, as loadRef's first submatch.
func appendLoadRefs(dst [][]byte, html []byte) [][]byte {
	for i := 0; i < len(html); {
		lt := bytes.IndexByte(html[i:], '<')
		if lt < 0 {
			break
		}
		i += lt
		if ref, end, ok := loadRefAt(html, i); ok {
			dst = append(dst, ref)
			i = end
			continue
		}
		i++
	}
	return dst
}

// loadRefAt matches the expression at html[i], a '<': it returns the
// reference and where the match ends. Of the two alternatives the first
// (a lowercase tag with a src attribute) wins; in each, the expression's
// greedy `[^>]*` takes the last attribute that can end the match before
// the tag's first '>'.
func loadRefAt(html []byte, i int) (ref []byte, end int, ok bool) {
	if i+1 >= len(html) || !isLowerASCII(html[i+1]) {
		return nil, 0, false
	}
	if ref, end, ok := lastAttrValue(html, i+2, ` src="`); ok {
		return ref, end, true
	}
	rest := html[i+1:]
	const link = "link rel="
	if !bytes.HasPrefix(rest, []byte(link)) {
		return nil, 0, false
	}
	v := i + 1 + len(link)
	if v < len(html) && html[v] == '"' {
		v++
	}
	switch {
	case bytes.HasPrefix(html[v:], []byte("stylesheet")):
		v += len("stylesheet")
	case bytes.HasPrefix(html[v:], []byte("icon")):
		v += len("icon")
	default:
		return nil, 0, false
	}
	return lastAttrValue(html, v, ` href="`)
}

// lastAttrValue finds, among the places from from up to the first '>' at
// or after it where attr (a space, a name, `="`) starts, the last one
// followed by a value `[^"#]+` and its closing quote, and returns that
// value and the position after the quote.
func lastAttrValue(html []byte, from int, attr string) (value []byte, end int, ok bool) {
	if from > len(html) {
		return nil, 0, false
	}
	stop := len(html)
	if gt := bytes.IndexByte(html[from:], '>'); gt >= 0 {
		stop = from + gt
	}
	region := html[from:stop]
	for {
		q := bytes.LastIndex(region, []byte(attr))
		if q < 0 {
			return nil, 0, false
		}
		start := from + q + len(attr)
		if n := bytes.IndexAny(html[start:], `"#`); n > 0 && html[start+n] == '"' {
			return html[start : start+n], start + n + 1, true
		}
		region = region[:q]
	}
}

// isLowerASCII reports whether b is a letter a to z.
func isLowerASCII(b byte) bool { return 'a' <= b && b <= 'z' }
