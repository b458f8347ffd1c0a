package gateway

import "github.com/loopbook/loopbook/engine/cluster/object"

// ClassKind is GatewayClass (gateway.networking.k8s.io/v1, cluster-scoped,
// with a status subresource), as Gateway API's standard-channel CRD
// installs it. The cluster registers it only when the fixture turns the
// controller on, as a real cluster has it only once the CRDs are
// installed, so fixtures without a Gateway controller serve exactly the
// kinds they did.
func ClassKind() *object.KindInfo {
	return &object.KindInfo{Group: Group, Version: "v1", Kind: "GatewayClass", Resource: "gatewayclasses",
		Singular: "gatewayclass", ShortNames: []string{"gc"}, Verbs: []string{"create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"},
		Categories: []string{"gateway-api"}, Subresources: []string{"status"},
		Generation: object.GenerationAllButMetadataStatus}
}
