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
			return bindingOperation() // the legacy POST …/bindings
		}
		switch verb {
		case "get":
			return getOperation()
		case "list":
			return listOperation()
		case "watch":
			return watchOperation()
		case "create":
			return createOperation()
		case "update":
			return updateOperation(mainResource)
		case "patch":
			return patchOperation(mainResource)
		case "delete":
			return deleteOperation()
		case "deletecollection":
			return deleteCollectionOperation()
		}
		return nil
	}
	switch sub {
	case "status":
		switch verb {
		case "get":
			return getOperation()
		case "update":
			return updateOperation(statusResource)
		case "patch":
			return patchOperation(statusResource)
		}
	case "scale":
		switch verb {
		case "get":
			return getScaleOperation()
		case "update":
			return updateOperation(scaleResource)
		case "patch":
			return patchOperation(scaleResource)
		}
	case "finalize":
		if verb == "update" && k.Resource == "namespaces" {
			return updateOperation(finalizeResource)
		}
	case "binding":
		if verb == "create" {
			return bindingOperation()
		}
	case "eviction":
		if verb == "create" {
			return evictionOperation()
		}
	case "log":
		if verb == "get" {
			return connectOperation(sub)
		}
	case "exec", "attach", "portforward":
		if verb == "get" || verb == "create" {
			return connectOperation(sub)
		}
	}
	return nil
}
