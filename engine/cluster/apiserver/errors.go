package apiserver

import (
	"errors"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

// Answers the API server gives when its storage fails.
const (
	// storeTimeoutDetail is what a request gets when etcd does not answer:
	// its deadline passes and the API server answers 504 Timeout
	// (apierrors.NewTimeoutError("request did not complete within requested
	// timeout - context deadline exceeded", 0)). A real v1.37 server with
	// its etcd killed answered creates, updates, patches and deletes so
	// after 34 s, served lists with resourceVersion=0 from its cache, and
	// sent no answer at all to a consistent GET before its 60 s timeout.
	// Simplifications: the model answers at once, and answers consistent
	// reads with the writes' 504.
	storeTimeoutDetail = "request did not complete within requested timeout - context deadline exceeded"
	// listExpired and continueExpired are etcd3's answers to reads below
	// the compacted revision (k8s.io/apiserver/pkg/storage/etcd3/errors.go).
	listExpired          = "The resourceVersion for the provided list is too old."
	inconsistentContinue = "The provided continue parameter is too old to display a consistent list result. " +
		"You can start a new list without the continue parameter, or use the continue token in this response to " +
		"retrieve the remainder of the results. Continuing with the provided token results in an inconsistent " +
		"list - objects that were created, modified, or deleted between the time the first chunk was returned " +
		"and now may show up in the list."
	// cacheInitializing answers a request that needs a watch cache that
	// could not load yet (cacher.go: errors.NewTooManyRequests("storage is
	// (re)initializing", 1)).
	cacheInitializing = "storage is (re)initializing"
)

// storeUnavailable is the answer to a request whose storage call found
// etcd unreachable.
func storeUnavailable() *api.Status { return api.NewTimeout(storeTimeoutDetail) }

// notReady is the 429 of a request served by a cache still loading.
func notReady() *api.Status {
	return &api.Status{Code: 429, Reason: api.ReasonTooManyRequests, Message: cacheInitializing, RetryAfterSeconds: 1}
}

// storeError maps a store failure on the object gr/name to the API
// server's answer (k8s.io/apiserver/pkg/storage/errors and
// pkg/registry/generic/registry/storeerr).
func storeError(err error, gr api.GroupResource, name string) *api.Status {
	switch {
	case errors.Is(err, store.ErrUnavailable):
		return storeUnavailable()
	case errors.Is(err, store.ErrKeyExists):
		return api.NewAlreadyExists(gr, name)
	case errors.Is(err, store.ErrKeyNotFound):
		return api.NewNotFound(gr, name)
	case errors.Is(err, store.ErrConflict):
		return api.NewConflict(gr, name, api.OptimisticLockErrorMsg)
	case errors.Is(err, store.ErrCompacted):
		return api.NewResourceExpired(listExpired)
	}
	return api.NewInternalError(err.Error())
}

// plainError is how the API server answers an error that is not a
// Status: 500 with the error's text and no reason
// (k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/status.go,
// ErrorToAPIStatus); kubectl prints it "Error from server: TEXT".
func plainError(msg string) *api.Status {
	return &api.Status{Code: 500, Message: msg}
}
