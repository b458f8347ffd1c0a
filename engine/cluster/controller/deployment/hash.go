package deployment

import (
	"encoding/binary"
	"hash"
	"hash/fnv"
	"slices"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// DefaultDeploymentUniqueLabelKey is the label that tells a Deployment's
// ReplicaSets (and their Pods) apart (apps/v1).
const DefaultDeploymentUniqueLabelKey = "pod-template-hash"

// ComputeHash is controller.ComputeHash (pkg/controller/controller_utils.go):
// FNV-32a over the Pod template, then, when the Deployment has a
// collisionCount, over its four little-endian bytes and four zero bytes;
// the 32-bit sum in decimal, each digit mapped into the name alphabet by
// rand.SafeEncodeString ("5d7f8b9c6d").
//
// Deviation: Kubernetes hashes spew's dump of the Go struct
// v1.PodTemplateSpec (hashutil.DeepHashObject), every field of every
// nested struct included, which cannot be reproduced from the object tree
// byte for byte. The model hashes a canonical printing of the template
// tree instead (map keys sorted, values typed). The same template gives
// the same hash and a changed one a different hash, as in Kubernetes, with
// the same alphabet and length; the value differs from what a real
// cluster would compute for the same template.
func ComputeHash(template map[string]any, collisionCount *int32) string {
	h := fnv.New32a()
	writeCanonical(h, template)
	if collisionCount != nil {
		b := make([]byte, 8)
		binary.LittleEndian.PutUint32(b, uint32(*collisionCount))
		_, _ = h.Write(b)
	}
	return object.SafeEncodeString(strconv.FormatUint(uint64(h.Sum32()), 10))
}

// writeCanonical prints a tree value: maps as {key:value,…} in key order,
// lists as […], strings quoted, numbers and booleans plainly, null as
// <nil>.
func writeCanonical(h hash.Hash32, v any) {
	w := func(s string) { _, _ = h.Write([]byte(s)) }
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		w("{")
		for _, k := range keys {
			w(strconv.Quote(k))
			w(":")
			writeCanonical(h, x[k])
			w(",")
		}
		w("}")
	case []any:
		w("[")
		for _, e := range x {
			writeCanonical(h, e)
			w(",")
		}
		w("]")
	case string:
		w(strconv.Quote(x))
	case int64:
		w(strconv.FormatInt(x, 10))
	case float64:
		w(strconv.FormatFloat(x, 'g', -1, 64))
	case bool:
		w(strconv.FormatBool(x))
	case nil:
		w("<nil>")
	default:
		w("?")
	}
}
