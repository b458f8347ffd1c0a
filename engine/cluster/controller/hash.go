package controller

import (
	"encoding/binary"
	"hash/fnv"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// ComputeHash is controller.ComputeHash (pkg/controller/controller_utils.go):
// FNV-32a over the Pod template, then, when the owner (a Deployment, a
// DaemonSet) has a collisionCount, over its four little-endian bytes and four zero bytes;
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
	// The whole input is printed into one buffer and hashed at once, which
	// sums the same as writing it piece by piece.
	buf := appendCanonical(make([]byte, 0, 512), template)
	if collisionCount != nil {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(*collisionCount))
		buf = append(buf, 0, 0, 0, 0)
	}
	h := fnv.New32a()
	_, _ = h.Write(buf)
	return object.SafeEncodeString(strconv.FormatUint(uint64(h.Sum32()), 10))
}

// appendCanonical prints a tree value onto buf: maps as {key:value,…} in
// key order, lists as […], strings quoted, numbers and booleans plainly,
// null as <nil>.
func appendCanonical(buf []byte, v any) []byte {
	switch x := v.(type) {
	case map[string]any:
		keys := object.AppendSortedKeys(make([]string, 0, len(x)), x)
		buf = append(buf, '{')
		for _, k := range keys {
			buf = strconv.AppendQuote(buf, k)
			buf = append(buf, ':')
			buf = appendCanonical(buf, x[k])
			buf = append(buf, ',')
		}
		return append(buf, '}')
	case []any:
		buf = append(buf, '[')
		for _, e := range x {
			buf = appendCanonical(buf, e)
			buf = append(buf, ',')
		}
		return append(buf, ']')
	case string:
		return strconv.AppendQuote(buf, x)
	case int64:
		return strconv.AppendInt(buf, x, 10)
	case float64:
		return strconv.AppendFloat(buf, x, 'g', -1, 64)
	case bool:
		return strconv.AppendBool(buf, x)
	case nil:
		return append(buf, "<nil>"...)
	default:
		return append(buf, '?')
	}
}
