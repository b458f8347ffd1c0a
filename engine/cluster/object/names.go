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
	var b [16]byte
	hi, lo := r.Uint64(), r.Uint64()
	for i := 0; i < 8; i++ {
		b[i] = byte(hi >> (56 - 8*i))
		b[8+i] = byte(lo >> (56 - 8*i))
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	const hex = "0123456789abcdef"
	out := make([]byte, 0, 36)
	for i, x := range b {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			out = append(out, '-')
		}
		out = append(out, hex[x>>4], hex[x&0xf])
	}
	return string(out)
}
