package render

import (
	"bytes"
	"io"
	"strconv"
	"strings"
)

// printer accumulates one fragment. Every string that reaches it through
// text or an attribute value is escaped; only the tag and attribute names
// written by this package are raw.
type printer struct {
	b []byte
}

// newPrinter returns a printer for a fragment of about size bytes bound
// for w. When w is a *bytes.Buffer the fragment is built in the buffer's
// spare capacity, grown to size first, and flush writes it in place: a
// buffer reused from block to block, as the page renderer's scratch
// buffer is, takes the fragment without allocating. Nothing reaches w
// before flush.
func newPrinter(w io.Writer, size int) printer {
	if buf, ok := w.(*bytes.Buffer); ok {
		buf.Grow(size)
		return printer{b: buf.AvailableBuffer()}
	}
	return printer{b: make([]byte, 0, size)}
}

// raw appends s unescaped: markup this package wrote.
func (p *printer) raw(s string) { p.b = append(p.b, s...) }

// escapes are the replacements of the bytes text escapes, those of
// html/template's content escaper; escaped is 1 for them and 0 for every
// other byte, so that text can test eight bytes with one comparison.
var (
	escapes = [256]string{'&': "&amp;", '<': "&lt;", '>': "&gt;", '"': "&#34;", '\'': "&#39;", 0: "\uFFFD"}
	escaped = func() (t [256]byte) {
		for i, e := range escapes {
			if e != "" {
				t[i] = 1
			}
		}
		return t
	}()
)

// text appends s escaped for element content or a quoted attribute value.
// Few bytes need escaping: it tests eight at a time and goes byte by byte
// only through a group of eight that holds one.
func (p *printer) text(s string) {
	last := 0
	for i := 0; i < len(s); {
		if len(s)-i >= 8 {
			c := s[i : i+8]
			if escaped[c[0]]|escaped[c[1]]|escaped[c[2]]|escaped[c[3]]|
				escaped[c[4]]|escaped[c[5]]|escaped[c[6]]|escaped[c[7]] == 0 {
				i += 8
				continue
			}
		}
		for end := min(i+8, len(s)); i < end; i++ {
			if escaped[s[i]] == 0 {
				continue
			}
			p.b = append(p.b, s[last:i]...)
			p.b = append(p.b, escapes[s[i]]...)
			last = i + 1
		}
	}
	p.b = append(p.b, s[last:]...)
}

// num appends prefix, then n in decimal.
func (p *printer) num(prefix string, n int) {
	p.b = append(p.b, prefix...)
	p.b = strconv.AppendInt(p.b, int64(n), 10)
}

// int appends n in decimal.
func (p *printer) int(n int) { p.b = strconv.AppendInt(p.b, int64(n), 10) }

// open writes a start tag; attrs are name, value pairs. A pair whose name
// ends in "?" is written only when its value is not empty, as a boolean
// attribute when the value is the name itself ("hidden?", "hidden").
func (p *printer) open(tag string, attrs ...string) {
	p.b = append(p.b, '<')
	p.b = append(p.b, tag...)
	p.attrs(attrs)
	p.b = append(p.b, '>')
}

// void writes a self-closed element (<input … />), which reads the same as
// HTML and as XML.
func (p *printer) void(tag string, attrs ...string) {
	p.b = append(p.b, '<')
	p.b = append(p.b, tag...)
	p.attrs(attrs)
	p.b = append(p.b, " />"...)
}

func (p *printer) attrs(attrs []string) {
	for i := 0; i+1 < len(attrs); i += 2 {
		name, v := attrs[i], attrs[i+1]
		if strings.HasSuffix(name, "?") {
			if v == "" {
				continue
			}
			name = name[:len(name)-1]
			if v == name {
				p.b = append(p.b, ' ')
				p.b = append(p.b, name...)
				p.b = append(p.b, `=""`...)
				continue
			}
		}
		p.b = append(p.b, ' ')
		p.b = append(p.b, name...)
		p.b = append(p.b, `="`...)
		p.text(v)
		p.b = append(p.b, '"')
	}
}

// close writes an end tag.
func (p *printer) close(tag string) {
	p.b = append(p.b, "</"...)
	p.b = append(p.b, tag...)
	p.b = append(p.b, '>')
}

// elem writes <tag attrs>text</tag>.
func (p *printer) elem(tag, text string, attrs ...string) {
	p.open(tag, attrs...)
	p.text(text)
	p.close(tag)
}

// flush writes the fragment to w.
func (p *printer) flush(w io.Writer) error {
	_, err := w.Write(p.b)
	return err
}
