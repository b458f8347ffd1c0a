package api

// The API server's gates keep small tables of recent answers (RBAC
// decisions, priority-and-fairness classifications), each a fixed number
// of slots indexed by a hash of the request, where a new answer replaces
// the one in its slot. MemoKey is what both key a request by, and
// MemoHash what picks its slot, the same way for every table.

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

// Is reports whether k is MemoKeyOf(user, info), without building that
// key: the comparison is all a kept answer's lookup needs.
func (k *MemoKey) Is(user *UserInfo, info *RequestInfo) bool {
	if k.User != user || k.ResourceRequest != info.IsResourceRequest || k.Verb != info.Verb {
		return false
	}
	if !info.IsResourceRequest {
		return k.Path == info.Path
	}
	return k.Resource == info.Resource && k.Namespace == info.Namespace &&
		k.Subresource == info.Subresource && k.Group == info.APIGroup
}

// MemoHash hashes what tells apart the requests a gate sees repeatedly
// (a user's writes to a few resources in a few namespaces, or its
// non-resource paths) from a few bytes of each: a hash only places an
// answer, so a poor spread costs misses, never a wrong answer, and a full
// string hash costs more than the misses it would save. It is the same
// in every run: where an answer is kept does not depend on a seed. The
// multipliers are MurmurHash3's finalizer constants and 2^64 over the
// golden ratio, odd numbers that spread a field's few bits over the word
// before the fields are mixed.
func MemoHash(user *UserInfo, info *RequestInfo) uint64 {
	h := fingerprint(info.Verb)
	if user != nil {
		h ^= fingerprint(user.Name) * 0xff51afd7ed558ccd
	}
	if info.IsResourceRequest {
		h ^= fingerprint(info.Resource)*0xc4ceb9fe1a85ec53 ^ fingerprint(info.Namespace)*0x9e3779b97f4a7c15 ^
			fingerprint(info.Subresource)
	} else {
		h ^= fingerprint(info.Path) * 0xc4ceb9fe1a85ec53
	}
	return (h * 0x9e3779b97f4a7c15) >> 32
}

// MemoHashWithName mixes an object's name into a MemoHash, for an answer
// that holds for that object alone.
func MemoHashWithName(h uint64, name string) uint64 {
	return h ^ (fingerprint(name)*0xff51afd7ed558ccd)>>32
}

// fingerprint packs a string's length and its middle and last bytes,
// where names that share a prefix (system:serviceaccount:…, worker-1,
// worker-2) differ.
func fingerprint(s string) uint64 {
	if s == "" {
		return 0
	}
	return uint64(len(s))<<16 | uint64(s[len(s)/2])<<8 | uint64(s[len(s)-1])
}
