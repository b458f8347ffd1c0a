package api

import "hash/maphash"

// The API server's gates keep small tables of recent answers (RBAC
// decisions, priority-and-fairness classifications), each a fixed number
// of slots indexed by a hash of the request, where a new answer replaces
// the one in its slot. These functions pick the slot, the same way for
// every table.

// slotSeed seeds the hashes that pick a slot: they decide only where an
// answer is kept, never what it is.
var slotSeed = maphash.MakeSeed()

// goldenRatio64 is 2^64 divided by the golden ratio: multiplying by it
// spreads small numbers over the whole 64 bits.
const goldenRatio64 = 0x9e3779b97f4a7c15

// RequestHash hashes what a request names for a table of recent answers:
// its resource and namespace, or its path for a non-resource request.
func RequestHash(resourceRequest bool, resource, namespace, path string) uint64 {
	if !resourceRequest {
		return maphash.String(slotSeed, path)
	}
	return maphash.String(slotSeed, resource) ^ maphash.String(slotSeed, namespace)*31
}

// WithName mixes an object's name into a RequestHash, for an answer that
// holds for that object alone.
func WithName(h uint64, name string) uint64 {
	return h ^ maphash.String(slotSeed, name)*goldenRatio64
}

// MemoSlot returns the slot, of n, of the answer to a request hashed as h
// (RequestHash, WithName) that user made with verb: h mixed with the
// lengths of the user's name (spread by the golden ratio) and of the verb.
func MemoSlot(h uint64, user *UserInfo, verb string, n uint64) uint64 {
	m := uint64(len(verb))
	if user != nil {
		m += uint64(len(user.Name)) * goldenRatio64
	}
	return (h + m) % n
}
