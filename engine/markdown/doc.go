// Package markdown turns a lesson's Markdown into HTML and the facts the
// site builder needs about it.
//
// A [Converter] is built once with [New] and then used by many goroutines:
// it parses CommonMark with the GitHub extensions (tables, strikethrough,
// task lists, autolinks), footnotes and definition lists; gives every
// heading a stable, unique id; highlights fenced code with CSS classes (see
// [StyleCSS]); and hands every fenced block whose info string names a
// registered [Kind] to that kind, which renders it. Typographic
// replacements are off, so text comes out exactly as written.
//
// [Converter.Convert] returns a [Result]: the HTML, the title, the table of
// contents, the ids the page defines, the links it makes (with their
// file:line:col) and its plain text. Mistakes in the source, from a kind or
// from the caller's link resolver, are collected into one diag.List with
// positions relative to the lesson file, so a page reports all of its
// errors at once.
package markdown
