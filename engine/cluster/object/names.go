package object

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
	hi, lo := r.Uint64(), r.Uint64()
	hi = hi&^(0xf<<12) | 0x4<<12 // version 4: the high nibble of byte 6
	lo = lo&^(0xc<<60) | 0x8<<60 // variant 10: the top bits of byte 8
	// Written out rather than with encoding/hex: a UID is made for every
	// object created.
	var out [36]byte
	putHex(out[0:8], hi>>32, 8)
	out[8] = '-'
	putHex(out[9:13], hi>>16, 4)
	out[13] = '-'
	putHex(out[14:18], hi, 4)
	out[18] = '-'
	putHex(out[19:23], lo>>48, 4)
	out[23] = '-'
	putHex(out[24:36], lo, 12)
	return string(out[:])
}

// putHex writes the low n hexadecimal digits of v into dst[:n], most
// significant first, in lower case; n is even. It writes a byte's two
// digits at a time.
func putHex(dst []byte, v uint64, n int) {
	for i := n - 2; i >= 0; i -= 2 {
		b := v & 0xff
		dst[i], dst[i+1] = hexPairs[2*b], hexPairs[2*b+1]
		v >>= 8
	}
}

// hexPairs holds the two lower-case hexadecimal digits of each byte.
const hexPairs = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f" +
	"202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f" +
	"404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f" +
	"606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f" +
	"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f" +
	"a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf" +
	"c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf" +
	"e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
