package apiserver

import (
	"crypto/sha512"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The OpenAPI documents: /openapi/v2, one Swagger 2.0 document of every
// kind served (k8s.io/kube-openapi/pkg/handler/handler.go), and
// /openapi/v3, a discovery document naming one OpenAPI 3.0 document per
// group version, each at a URL with a hash of its content
// (k8s.io/kube-openapi/pkg/handler3/handler.go). Both are built from the
// kind registry at the time of the request, so a CRD's kinds appear once
// it is established. Simplification: the aggregated servers' documents
// are not merged in, and /openapi/v3 lists group versions only (not the
// non-resource paths such as "version" or "apis").

// openAPIGroupVersions returns the served group versions as /openapi/v3
// keys them ("api/v1", "apis/apps/v1"), each with its kinds, in the
// registry's order.
func (r *request) openAPIGroupVersions() ([]string, map[string][]*object.KindInfo) {
	var keys []string
	kinds := map[string][]*object.KindInfo{}
	for _, k := range r.s.p.cfg.Registry.Kinds() {
		if k.BodyOnly {
			continue
		}
		key := "apis/" + k.Group + "/" + k.Version
		if k.Group == "" {
			key = "api/" + k.Version
		}
		if kinds[key] == nil {
			keys = append(keys, key)
		}
		kinds[key] = append(kinds[key], k)
	}
	return keys, kinds
}

// openAPIV3Doc is the document of one group version.
func openAPIV3Doc(key string, kinds []*object.KindInfo) []byte {
	d := newOpenAPIDoc(true)
	for _, k := range kinds {
		d.add(k, "/"+key)
	}
	b, _ := json.Marshal(map[string]any{
		"openapi":    "3.0.0",
		"info":       map[string]any{"title": "Kubernetes", "version": Version},
		"paths":      d.paths,
		"components": map[string]any{"schemas": d.schemas},
	})
	return b
}

// openAPIHash is the hash in a document's URL: its ETag, the SHA-512 of
// the document in upper-case hex (handler3/handler.go, computeETag).
func openAPIHash(doc []byte) string { return fmt.Sprintf("%X", sha512.Sum512(doc)) }

// serveOpenAPIV3Discovery answers /openapi/v3:
// {"paths": {"api/v1": {"serverRelativeURL": "/openapi/v3/api/v1?hash=…"}, …}}.
func serveOpenAPIV3Discovery(r *request) *api.Response {
	keys, kinds := r.openAPIGroupVersions()
	type gv struct {
		ServerRelativeURL string `json:"serverRelativeURL"`
	}
	paths := map[string]gv{}
	for _, key := range keys {
		paths[key] = gv{"/openapi/v3/" + key + "?hash=" + openAPIV3Entry(key, kinds[key]).Hash()}
	}
	return jsonOK(struct {
		Paths map[string]gv `json:"paths"`
	}{paths})
}

// serveOpenAPIV3 answers /openapi/v3/KEY with the group version's
// document, or 404 for one not served. The hash query is not checked:
// the document is the current one either way.
func (r *request) serveOpenAPIV3(key string) *api.Response {
	_, kinds := r.openAPIGroupVersions()
	ks := kinds[strings.Trim(key, "/")]
	if ks == nil {
		return notFoundPath().Response()
	}
	return rawOK(openAPIV3Entry(strings.Trim(key, "/"), ks).doc)
}

// serveOpenAPIV2 answers /openapi/v2: a Swagger 2.0 document with the
// definitions and paths of every kind served.
func serveOpenAPIV2(r *request) *api.Response {
	keys, kinds := r.openAPIGroupVersions()
	d := newOpenAPIDoc(false)
	for _, key := range keys {
		for _, k := range kinds[key] {
			d.add(k, "/"+key)
		}
	}
	return jsonOK(map[string]any{
		"swagger":     "2.0",
		"info":        map[string]any{"title": "Kubernetes", "version": Version},
		"paths":       d.paths,
		"definitions": d.schemas,
	})
}
