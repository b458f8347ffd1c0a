package client

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// pathSeparators is the length of the longest fixed text of a path
// before its subresources ("/apis/", "/", "/namespaces/", "/", "/"), so
// that Path grows its buffer once: its one allocation.
const pathSeparators = len("/apis/") + len("/") + len("/namespaces/") + len("/") + len("/")

// Path returns the URL path of a resource, as client-go's REST client
// builds it (k8s.io/client-go/rest/request.go, Request.URL):
//
//	/api/v1/namespaces/demo/pods/web/log      core group, namespaced
//	/apis/apps/v1/namespaces/demo/deployments a named group's collection
//	/api/v1/nodes/worker-a                    cluster-scoped: no namespaces/
//	/api/v1/pods                              a namespaced kind across all namespaces
//
// name "" addresses the collection; namespace is ignored for cluster-scoped
// kinds; subresources are appended after the name.
func Path(k *object.KindInfo, namespace, name string, subresource ...string) string {
	var b strings.Builder
	n := pathSeparators + len(k.Group) + len(k.Version) + len(k.Resource) + len(namespace) + len(name)
	for _, s := range subresource {
		n += 1 + len(s)
	}
	b.Grow(n)
	if k.Group == "" {
		b.WriteString("/api/")
	} else {
		b.WriteString("/apis/")
		b.WriteString(k.Group)
		b.WriteByte('/')
	}
	b.WriteString(k.Version)
	if k.Namespaced && namespace != "" {
		b.WriteString("/namespaces/")
		b.WriteString(namespace)
	}
	b.WriteByte('/')
	b.WriteString(k.Resource)
	if name != "" {
		b.WriteByte('/')
		b.WriteString(name)
	}
	for _, s := range subresource {
		if s != "" {
			b.WriteByte('/')
			b.WriteString(s)
		}
	}
	return b.String()
}
