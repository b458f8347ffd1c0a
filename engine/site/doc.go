// Package site builds a loopbook site: it loads loopbook.yaml and the
// content/ and lessons/ trees, converts each page's Markdown, renders the
// theme's layouts, checks every internal link and anchor, minifies and
// fingerprints, and publishes the result atomically.
//
// The pipeline is load → convert → render → check → publish. Pages are
// converted and rendered in parallel on all cores and assembled in a fixed
// order, so the output is byte-identical from run to run.
package site
