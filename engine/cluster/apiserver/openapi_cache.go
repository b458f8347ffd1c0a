package apiserver

import (
	"strconv"
	"strings"
	"sync"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// openAPIDocs holds the /openapi/v3 document of each group version
// built so far in the process, with its hash, by the fingerprint of the
// kinds it was built from: every cluster serves the same built-in kinds,
// so each of their documents is marshalled and hashed once, not once per
// request. A document with a custom resource's own schema is not kept.
var openAPIDocs sync.Map // fingerprint → *openAPIEntry

// openAPIEntry is one group version's document and, once asked for, its
// hash.
type openAPIEntry struct {
	doc  []byte
	hash string
}

// openAPIV3Entry returns the document of the group version key with the
// given kinds, from openAPIDocs when it has it.
func openAPIV3Entry(key string, kinds []*object.KindInfo) *openAPIEntry {
	fp, ok := openAPIFingerprint(key, kinds)
	if !ok {
		return &openAPIEntry{doc: openAPIV3Doc(key, kinds)}
	}
	if e, ok := openAPIDocs.Load(fp); ok {
		return e.(*openAPIEntry)
	}
	doc := openAPIV3Doc(key, kinds)
	e, _ := openAPIDocs.LoadOrStore(fp, &openAPIEntry{doc: doc, hash: openAPIHash(doc)})
	return e.(*openAPIEntry)
}

// Hash is the document's hash, computed at most once.
func (e *openAPIEntry) Hash() string {
	if e.hash == "" {
		e.hash = openAPIHash(e.doc)
	}
	return e.hash
}

// openAPIFingerprint spells out every field of the kinds that openAPIDoc.add
// reads, with the group version key; ok is false when a kind carries
// its CRD's schema, which is not fingerprinted.
func openAPIFingerprint(key string, kinds []*object.KindInfo) (fp string, ok bool) {
	var b strings.Builder
	b.WriteString(key)
	for _, k := range kinds {
		if k.CRD != nil && k.CRD.OpenAPI != nil {
			return "", false
		}
		for _, f := range []string{k.Group, k.Version, k.Kind, k.Resource, strconv.FormatBool(k.Namespaced)} {
			b.WriteByte(0)
			b.WriteString(f)
		}
		for _, list := range [][]string{k.Verbs, k.Subresources} {
			b.WriteByte(1)
			for _, v := range list {
				b.WriteString(v)
				b.WriteByte(2)
			}
		}
		b.WriteByte(3)
	}
	return b.String(), true
}
