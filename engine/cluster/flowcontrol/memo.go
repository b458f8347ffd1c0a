package flowcontrol

import "github.com/loopbook/loopbook/engine/cluster/api"

// keyIs reports whether k is api.MemoKeyOf(user, info), without building
// that key: the comparison is all a kept classification's lookup needs.
func keyIs(k *api.MemoKey, user *api.UserInfo, info *api.RequestInfo) bool {
	if k.User != user || k.ResourceRequest != info.IsResourceRequest || k.Verb != info.Verb {
		return false
	}
	if !info.IsResourceRequest {
		return k.Path == info.Path
	}
	return k.Resource == info.Resource && k.Namespace == info.Namespace &&
		k.Subresource == info.Subresource && k.Group == info.APIGroup
}

// requestHash hashes what tells apart the requests a controller sees
// repeatedly (a user's writes to a few resources in a few namespaces, or
// its non-resource paths) from a few bytes of each: a hash only places an
// answer, so a poor spread costs misses, never a wrong answer, and a full
// string hash costs more than the misses it would save.
func requestHash(user *api.UserInfo, info *api.RequestInfo) uint64 {
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

// fingerprint packs a string's length and its middle and last bytes,
// where names that share a prefix (system:serviceaccount:…, worker-1,
// worker-2) differ.
func fingerprint(s string) uint64 {
	if s == "" {
		return 0
	}
	return uint64(len(s))<<16 | uint64(s[len(s)/2])<<8 | uint64(s[len(s)-1])
}
