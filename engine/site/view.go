package site

import "html/template"

// PageView is the data every layout receives. All URLs in it are relative
// to the page being rendered (they already carry the "../" prefix the page
// needs), so the output works at the root, under a sub-path and from
// file://.
type PageView struct {
	Site   SiteView
	Page   PageData
	Nav    []NavItem // the sidebar: sections and their pages, in order
	Root   string    // prefix from this page to the site root: "" or "../", "../../"
	Assets AssetView
	// Print holds every page of the site in reading order; set only for the
	// print page and the offline edition.
	Print []PrintEntry
	// Offline is set for loopbook-offline.html, the print page as one
	// self-contained file: layouts link nothing outside it.
	Offline bool
}

// SiteView is the site-wide configuration a layout may show.
type SiteView struct {
	Title       string
	Description string
	Language    string
	BaseURL     string         // "" when none was given
	Params      map[string]any // free-form params from loopbook.yaml
}

// PageData describes the page being rendered.
type PageData struct {
	Kind        string // "home", "section", "lesson", "page", "print" or "404"
	Title       string
	Summary     string
	Question    string // the question a lesson answers; may be empty
	Description string // for <meta name="description">: summary, else site description
	Content     template.HTML
	TOC         []TOCEntry // h2 and h3 headings of the content
	Breadcrumbs []Link     // from the home page down to the parent of this page
	Prev, Next  *Link      // reading order; nil at the ends
	Children    []Link     // for home and section pages: their direct children
	URL         string     // this page's own file name relative to itself, for self links
	Path        string     // this page's output path from the site root, e.g. basics/first.html
	Canonical   string     // absolute URL when a base URL is set, else ""
}

// TOCEntry is one heading of a page's table of contents.
type TOCEntry struct {
	Level int    // 2 or 3
	ID    string // the heading's anchor
	Title string // plain text
}

// Link is a titled relative URL.
type Link struct {
	Title   string
	URL     string
	Summary string
	// Pages lists, for a section, the output paths from the site root of
	// the pages below it that are not sections, in reading order; the
	// home page's progress counts them. Empty for other links.
	Pages []string
}

// NavItem is one entry of the sidebar tree.
type NavItem struct {
	Title     string
	URL       string
	Path      string // the entry's output path from the site root
	Current   bool   // this is the page being rendered
	Ancestor  bool   // the page being rendered is below this section
	IsSection bool
	Children  []NavItem
}

// AssetView names the fingerprinted theme assets, relative to the page.
type AssetView struct {
	CSS     string
	JS      string
	Favicon string
	Search  string // the search index script, loaded when search opens
	// BlocksCSS and BlocksJS style and enhance the lesson blocks
	// (engine/render); "" when the theme has none.
	BlocksCSS string
	BlocksJS  string
}

// PrintEntry is one page as it appears in the print edition.
type PrintEntry struct {
	Anchor  string // unique id of the page's article in print.html
	Depth   int    // 1 for top-level sections, 2 below them, …
	Kind    string
	Title   string
	Content template.HTML
}
