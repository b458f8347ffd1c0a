package api

import "hash/maphash"

// The API server's gates keep small tables of recent answers (RBAC
// decisions, priority-and-fairness classifications), each a fixed number
// of slots indexed by a hash of the request, where a new answer replaces
// the one in its slot. MemoKey is what both key a request by, and picks
// the slot, the same way for every table.

// MemoKey is what a table of recent answers keys a request by: its user
// (an authenticator hands out one UserInfo per identity and never changes
// it, so the pointer stands for the name and groups; a kept answer keeps
// it alive, so no other user can take its address) and the attributes the
// answers read, the path only for a non-resource request. The object's
// name is not among them: a table whose answers depend on it keys it
// apart.
type MemoKey struct {
	User                                                *UserInfo
	ResourceRequest                                     bool
	Verb, Group, Resource, Subresource, Namespace, Path string
}

// MemoKeyOf returns the MemoKey of a request of user's.
func MemoKeyOf(user *UserInfo, info *RequestInfo) MemoKey {
	if !info.IsResourceRequest {
		return MemoKey{User: user, Verb: info.Verb, Path: info.Path}
	}
	return MemoKey{user, true, info.Verb, info.APIGroup, info.Resource, info.Subresource, info.Namespace, ""}
}

// slotSeed seeds the hashes that pick a slot: they decide only where an
// answer is kept, never what it is.
var slotSeed = maphash.MakeSeed()

// goldenRatio64 is 2^64 divided by the golden ratio: multiplying by it
// spreads small numbers over the whole 64 bits.
const goldenRatio64 = 0x9e3779b97f4a7c15

// Hash hashes what the request names: its resource and namespace, or its
// path for a non-resource request.
func (k *MemoKey) Hash() uint64 {
	if !k.ResourceRequest {
		return maphash.String(slotSeed, k.Path)
	}
	return maphash.String(slotSeed, k.Resource) ^ maphash.String(slotSeed, k.Namespace)*31
}

// WithName mixes an object's name into a Hash, for an answer that holds
// for that object alone.
func WithName(h uint64, name string) uint64 {
	return h ^ maphash.String(slotSeed, name)*goldenRatio64
}

// Slot returns the slot, of n, of the answer to k's request hashed as h
// (Hash, or WithName of it): h mixed with the lengths of the user's name
// (spread by the golden ratio) and of the verb.
func (k *MemoKey) Slot(h, n uint64) uint64 {
	m := uint64(len(k.Verb))
	if k.User != nil {
		m += uint64(len(k.User.Name)) * goldenRatio64
	}
	return (h + m) % n
}
