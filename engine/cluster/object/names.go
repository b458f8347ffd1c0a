package object

import (
	"encoding/binary"
	"encoding/hex"
)

// Rand is the randomness this package needs. math/rand/v2's Source and
// *Rand satisfy it; the engine passes its one seeded generator.
type Rand interface{ Uint64() uint64 }

// alphanums is Kubernetes' alphabet for random name suffixes: no vowels, no
// characters that look alike (k8s.io/apimachinery/pkg/util/rand/rand.go).
const alphanums = "bcdfghjklmnpqrstvwxz2456789"

// RandomString returns n characters of the alphabet, drawn as
// utilrand.String draws them: five bits at a time from 63-bit numbers,
// rejecting values past the alphabet.
func RandomString(r Rand, n int) string {
	const bits, mask, perInt = 5, 1<<5 - 1, 63 / 5
	b := make([]byte, n)
	v := r.Uint64() >> 1
	remaining := perInt
	for i := 0; i < n; {
		if remaining == 0 {
			v, remaining = r.Uint64()>>1, perInt
		}
		if idx := int(v & mask); idx < len(alphanums) {
			b[i] = alphanums[idx]
			i++
		}
		v >>= bits
		remaining--
	}
	return string(b)
}

// GenerateName returns base followed by five random characters, base cut
// to 58 bytes so the result fits 63 (names.SimpleNameGenerator in
// k8s.io/apiserver/pkg/storage/names/generate.go).
func GenerateName(base string, r Rand) string {
	const maxNameLength, randomLength = 63, 5
	if len(base) > maxNameLength-randomLength {
		base = base[:maxNameLength-randomLength]
	}
	return base + RandomString(r, randomLength)
}

// SafeEncodeString maps each byte of s into the alphabet, as
// utilrand.SafeEncodeString does for pod-template-hash values.
func SafeEncodeString(s string) string {
	r := make([]byte, len(s))
	for i := 0; i < len(s); i++ {
		r[i] = alphanums[int(s[i])%len(alphanums)]
	}
	return string(r)
}

// NewUID returns a random (version 4) UUID in canonical form, drawn from r.
func NewUID(r Rand) string {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], r.Uint64())
	binary.BigEndian.PutUint64(b[8:], r.Uint64())
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	var out [36]byte
	hex.Encode(out[0:8], b[0:4])
	out[8] = '-'
	hex.Encode(out[9:13], b[4:6])
	out[13] = '-'
	hex.Encode(out[14:18], b[6:8])
	out[18] = '-'
	hex.Encode(out[19:23], b[8:10])
	out[23] = '-'
	hex.Encode(out[24:], b[10:])
	return string(out[:])
}
