// Package themes holds the default theme, embedded into the binary so that
// a site builds with nothing but the loopbook executable.
//
// A theme is two folders:
//
//	default/layouts/  html/template files
//	default/assets/   style.css, loopbook.js, favicon.svg, and blocks.css
//	                  and blocks.js for the lesson blocks (engine/render)
//
// For every page the site builder parses layouts/base.html, every file of
// layouts/partials/*.html and the file of the page's kind (home.html,
// section.html, lesson.html, page.html, print.html or 404.html), in that
// order, with html/template and Option("missingkey=error"), then executes
// the template "base" with the page's site.PageView. A kind file defines
// "main", the page's own part; base.html owns everything around it and
// documents the full contract in its opening comment.
//
// The theme emits relative links only, each naming a file (never a
// folder), and no URL that leaves the site, so the output reads the same
// from static hosting and from file://. The builder appends the code
// highlighting rules (classes under .chroma) to style.css; the theme
// itself styles only the pre blocks around them.
package themes

import "embed"

// Default is the default theme. Its paths start with "default/": use
// fs.Sub(Default, "default") for a file system rooted at the theme, with
// layouts/ and assets/ at its top.
//
// The embed pattern has no "all:" prefix, so files whose names start with
// "." or "_" are not part of the theme; name every theme file without them.
//
//go:embed default
var Default embed.FS
