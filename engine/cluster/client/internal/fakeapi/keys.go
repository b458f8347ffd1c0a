package fakeapi

import (
	"fmt"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// prefix is where a kind's objects live, in one namespace or in all ("").
func prefix(k *object.KindInfo, namespace string) string {
	p := "/registry/" + k.Group + "/" + k.Resource + "/"
	if k.Namespaced && namespace != "" {
		p += namespace + "/"
	}
	return p
}

func key(k *object.KindInfo, namespace, name string) string {
	if !k.Namespaced {
		namespace = ""
	}
	if namespace == "" {
		return prefix(k, "") + name
	}
	return prefix(k, namespace) + name
}

func rv(rev int64) string { return strconv.FormatInt(rev, 10) }

// tooOld is the watch cache's 410 message (k8s.io/apiserver/pkg/storage/
// cacher/watch_cache.go: "too old resource version: %d (%d)").
func tooOld(requested, oldest int64) string {
	return fmt.Sprintf("too old resource version: %d (%d)", requested, oldest)
}

// withRV returns a shallow copy of o carrying resourceVersion rev.
func withRV(o *object.Object, rev int64) *object.Object {
	c := *o
	c.Meta.ResourceVersion = rv(rev)
	return &c
}
