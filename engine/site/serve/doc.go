// Package serve is the author's preview server: it builds a site in
// memory, serves the build over HTTP, watches the site's sources with
// fsnotify, rebuilds on every change and tells open pages to reload over
// Server-Sent Events.
//
// Guarantees:
//   - Only the built site is served, from memory. A request path is
//     cleaned as a rooted path; a path whose raw or decoded form holds a
//     ".." segment, a backslash or a NUL byte is refused with 400 before
//     anything is looked up, so no file of the source folder, and nothing
//     outside the build, can ever be answered.
//   - A failed rebuild never replaces the last good build: the server goes
//     on serving it, prints the error, and sends it to open pages, which
//     show it as an overlay until the next successful rebuild reloads them.
//     While there has been no good build at all, every HTML request gets a
//     page that shows the error.
//   - The reload script is added by the server to the HTML it answers with,
//     just before </body>; the built files themselves never contain it.
//
// The server's own endpoints live under /__loopbook/: events (the
// text/event-stream of "reload" and "error" events) and reload.js (the
// client that listens to it).
package serve
