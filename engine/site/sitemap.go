package site

import (
	"bytes"
	"encoding/xml"
)

// sitemap lists every page. Locations are absolute when the site has a base
// URL and relative to the sitemap otherwise.
func sitemap(src *Source) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range src.Pages {
		b.WriteString("<url><loc>")
		xml.EscapeText(&b, []byte(src.Config.BaseURL+p.Out))
		b.WriteString("</loc></url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}
