package sim

import (
	"math/rand/v2"
	"time"
	"unicode/utf8"
)

// NameAlphabet is the alphabet Kubernetes draws generated name suffixes
// from: lower-case consonants and digits, without vowels, so that no
// words are formed (k8s.io/apimachinery/pkg/util/rand/rand.go, alphanums).
const NameAlphabet = "bcdfghjklmnpqrstvwxz2456789"

// SuffixLength is the length of a generateName suffix
// (k8s.io/apiserver/pkg/storage/names/generate.go, randomLength = 5).
const SuffixLength = 5

// pcgStream is the second PCG seed word, fixed so that one int64 seed
// names one sequence. It spells "loopbook" in ASCII.
const pcgStream = 0x6c6f6f70626f6f6b

// Rand is the model's only source of randomness: a PCG generator from
// math/rand/v2 seeded from one int64. Like the Loop it is not safe for
// concurrent use.
type Rand struct {
	r *rand.Rand
}

// NewRand returns a generator for seed. Equal seeds give equal sequences.
func NewRand(seed int64) *Rand {
	return &Rand{r: rand.New(rand.NewPCG(uint64(seed), pcgStream))}
}

// Intn returns a number in [0, n). It panics if n <= 0.
func (r *Rand) Intn(n int) int { return r.r.IntN(n) }

// Int63n returns a number in [0, n). It panics if n <= 0.
func (r *Rand) Int63n(n int64) int64 { return r.r.Int64N(n) }

// Uint64 returns 64 random bits.
func (r *Rand) Uint64() uint64 { return r.r.Uint64() }

// Float64 returns a number in [0.0, 1.0).
func (r *Rand) Float64() float64 { return r.r.Float64() }

// Perm returns a random permutation of [0, n).
func (r *Rand) Perm(n int) []int { return r.r.Perm(n) }

// Shuffle shuffles n elements with swap.
func (r *Rand) Shuffle(n int, swap func(i, j int)) { r.r.Shuffle(n, swap) }

// Jitter returns a duration in [d, d+maxFactor*d), as client-go's
// wait.Jitter does; a maxFactor <= 0 means 1.0
// (k8s.io/apimachinery/pkg/util/wait, Jitter).
func (r *Rand) Jitter(d time.Duration, maxFactor float64) time.Duration {
	if maxFactor <= 0 {
		maxFactor = 1.0
	}
	return d + time.Duration(r.r.Float64()*maxFactor*float64(d))
}

// String returns n characters drawn uniformly from alphabet, which must not
// be empty.
func (r *Rand) String(n int, alphabet string) string {
	if n <= 0 {
		return ""
	}
	if isASCII(alphabet) {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.r.IntN(len(alphabet))]
		}
		return string(b)
	}
	runes := []rune(alphabet)
	out := make([]rune, n)
	for i := range out {
		out[i] = runes[r.r.IntN(len(runes))]
	}
	return string(out)
}

// GenerateSuffix returns the random part Kubernetes appends to a
// metadata.generateName: [SuffixLength] characters from [NameAlphabet]
// ("x2kqp" in "web-7c9d4-x2kqp").
func (r *Rand) GenerateSuffix() string { return r.String(SuffixLength, NameAlphabet) }

// UUID returns a random UUID in the version 4 form Kubernetes uses for
// metadata.uid ("6ba7b810-9dad-41d1-80b4-00c04fd430c8"; the API server
// calls uuid.New() from k8s.io/apimachinery/pkg/util/uuid/uuid.go, a
// version 4 UUID), drawn from the seeded generator instead of the system's
// entropy.
func (r *Rand) UUID() string {
	var buf [36]byte
	return string(r.AppendUUID(buf[:0]))
}

// AppendUUID appends a UUID drawn as [Rand.UUID] draws it to dst, for a
// caller that makes a longer string of it.
func (r *Rand) AppendUUID(dst []byte) []byte {
	var u [16]byte
	a, b := r.r.Uint64(), r.r.Uint64()
	for i := range 8 {
		u[i] = byte(a >> (56 - 8*i))
		u[8+i] = byte(b >> (56 - 8*i))
	}
	u[6] = u[6]&0x0f | 0x40 // version 4
	u[8] = u[8]&0x3f | 0x80 // RFC 4122 variant
	const hex = "0123456789abcdef"
	for i, c := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			dst = append(dst, '-')
		}
		dst = append(dst, hex[c>>4], hex[c&0x0f])
	}
	return dst
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
