package apiserver

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Names in the OpenAPI documents, as kube-apiserver v1.37 spells them.

// definitionPrefixes are the Go packages of the kinds kube-apiserver
// serves from outside k8s.io/api: the definition names are the package
// paths, reversed domain first (k8s.io/kube-openapi/pkg/util/util.go,
// ToRESTFriendlyName).
var definitionPrefixes = map[string]string{
	"apiextensions.k8s.io":   "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions",
	"apiregistration.k8s.io": "io.k8s.kube-aggregator.pkg.apis.apiregistration",
}

// definitionName is the name of a kind's schema: "io.k8s.api.core.v1.Pod",
// "io.k8s.api.apps.v1.Deployment" (k8s.io/api/GROUP/VERSION, GROUP the
// group's first label: rbac for rbac.authorization.k8s.io). Kinds of
// other groups — custom resources, and the Gateway API, whose kinds are
// CRDs in a real cluster — are named from the group reversed, as the
// CRD OpenAPI builder names them
// (k8s.io/apiextensions-apiserver/pkg/controller/openapi/builder/builder.go):
// "io.k8s.networking.gateway.v1.Gateway", "com.example.v1.DatabaseCluster".
func definitionName(k *object.KindInfo) string {
	return groupPackage(k.Group) + "." + k.Version + "." + k.Kind
}

// groupPackage is the dotted package of a group's kinds.
func groupPackage(group string) string {
	switch {
	case group == "":
		return "io.k8s.api.core"
	case definitionPrefixes[group] != "":
		return definitionPrefixes[group]
	case slices.Contains(groupOrder, group):
		first, _, _ := strings.Cut(group, ".")
		return "io.k8s.api." + first
	}
	labels := strings.Split(group, ".")
	slices.Reverse(labels)
	return strings.Join(labels, ".")
}

// Names of apimachinery's shared definitions.
const (
	objectMetaName = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"
	listMetaName   = "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta"
)

// operationTag is the tag of a group version's operations and the stem
// of their ids: "core_v1", "apps_v1", "rbacAuthorization_v1" — the group
// without ".k8s.io", its labels joined in camel case
// (k8s.io/apiserver/pkg/endpoints/openapi/openapi.go, GetOperationIDAndTags).
func operationTag(group, version string) string {
	if group == "" {
		return "core_" + version
	}
	labels := strings.Split(strings.TrimSuffix(group, ".k8s.io"), ".")
	for i := 1; i < len(labels); i++ {
		labels[i] = upperFirst(labels[i])
	}
	return strings.Join(labels, "") + "_" + version
}

// operationID is "listCoreV1NamespacedPod", "readAppsV1NamespacedDeployment",
// "deleteCoreV1CollectionNamespacedPod": the action, the tag in camel
// case, "Namespaced" for a namespaced path, the kind, and a
// subresource's name ("readCoreV1NamespacedPodStatus").
func operationID(action string, k *object.KindInfo, namespaced bool, sub string) string {
	stem, version, _ := strings.Cut(operationTag(k.Group, k.Version), "_")
	id := action + upperFirst(stem) + upperFirst(version)
	if action == "deletecollection" {
		id = "delete" + upperFirst(stem) + upperFirst(version) + "Collection"
	}
	if namespaced {
		id += "Namespaced"
	}
	return id + k.Kind + upperFirst(sub)
}

// upperFirst upper-cases an ASCII word's first letter.
func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
