// Package api holds the types every part of the model uses to speak to the
// API server: a Request (who, which verb on which path, with which options
// and body), a Response (an object, a list, a watch, raw bytes, or a
// Status), the Status of a failure with Kubernetes' codes, reasons and
// messages, and the identity and request attributes that authentication,
// authorization and admission decide on.
//
// Calls are synchronous: the model runs on one goroutine, and a request is
// handled completely, every gate traced, at the virtual instant it is sent.
// Only watch events travel through the event loop, so they arrive after the
// write that caused them.
package api
