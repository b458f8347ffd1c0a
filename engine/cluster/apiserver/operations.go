package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// operationFor finds what a resource request does, or nil when the
// resource does not take its verb (405): the REST storage kube-apiserver
// installs for each resource and subresource (pkg/registry/*/rest and
// storage).
func operationFor(k *object.KindInfo, info *api.RequestInfo) *operation {
	verb, sub := info.Verb, info.Subresource
	if k.Namespaced && info.Namespace == "" && verb != "list" && verb != "watch" {
		return nil // the all-namespaces path serves only list and watch
	}
	if sub == "" {
		if !k.HasVerb(verb) {
			return nil
		}
		if k.Group == "" && k.Resource == "bindings" {
			return ops.binding // the legacy POST …/bindings
		}
		if isAccessReview(k) && verb == "create" {
			return ops.accessReview
		}
		if k.Group == "authentication.k8s.io" && k.Kind == "SelfSubjectReview" && verb == "create" {
			return ops.selfSubjectReview
		}
		switch verb {
		case "get":
			return ops.get
		case "list":
			return ops.list
		case "watch":
			return ops.watch
		case "create":
			return ops.create
		case "update":
			return ops.update[mainResource]
		case "patch":
			return ops.patch[mainResource]
		case "delete":
			return ops.delete
		case "deletecollection":
			return ops.deleteCollection
		}
		return nil
	}
	switch sub {
	case "status":
		switch verb {
		case "get":
			return ops.get
		case "update":
			return ops.update[statusResource]
		case "patch":
			return ops.patch[statusResource]
		}
	case "scale":
		switch verb {
		case "get":
			return ops.getScale
		case "update":
			return ops.update[scaleResource]
		case "patch":
			return ops.patch[scaleResource]
		}
	case "finalize":
		if verb == "update" && k.Resource == "namespaces" {
			return ops.update[finalizeResource]
		}
	case "binding":
		if verb == "create" {
			return ops.binding
		}
	case "eviction":
		if verb == "create" {
			return ops.eviction
		}
	case "token":
		if verb == "create" && k.Group == "" && k.Resource == "serviceaccounts" {
			return tokenRequestOperation()
		}
	case "log":
		if verb == "get" {
			return ops.log
		}
	case "exec", "attach", "portforward":
		if verb == "get" || verb == "create" {
			return ops.stream
		}
	}
	return nil
}

// operations holds one of each resource operation. An operation is never
// changed once built, so every request shares them.
type operations struct {
	get, list, watch, create, delete, deleteCollection *operation
	getScale, binding, eviction, accessReview          *operation
	selfSubjectReview                                  *operation
	// update and patch by target; log and stream (exec, attach,
	// portforward) are the connect operations.
	update, patch [finalizeResource + 1]*operation
	log, stream   *operation
}

var ops = newOperations()

func newOperations() *operations {
	o := &operations{
		get: getOperation(), list: listOperation(), watch: watchOperation(), create: createOperation(),
		delete: deleteOperation(), deleteCollection: deleteCollectionOperation(),
		getScale: getScaleOperation(), binding: bindingOperation(), eviction: evictionOperation(),
		accessReview: accessReviewOperation(), selfSubjectReview: selfSubjectReviewOperation(),
		log: connectOperation("log"), stream: connectOperation("exec"),
	}
	for t := range o.update {
		o.update[t] = updateOperation(updateTarget(t))
		o.patch[t] = patchOperation(updateTarget(t))
	}
	return o
}
