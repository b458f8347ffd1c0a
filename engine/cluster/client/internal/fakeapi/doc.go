// Package fakeapi is a small API server for the client package's tests:
// an api.Endpoint over the store that serves get, list (with limit and
// continue), watch (synthetic ADDED, bookmarks, selector transitions,
// 410 Expired after compaction), create, update, status update, merge
// patch and delete, with resourceVersions from the store's revisions.
// Tests can drop every watch, take the server down (connection refused),
// and make chosen requests fail.
//
// It is a stand-in until the real API server exists: no authentication,
// admission, validation, defaulting or graceful deletion, and events are
// delivered through the loop at the instant of the write.
package fakeapi
