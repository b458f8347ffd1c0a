package api

import "testing"

// TestMemoKeyIs checks the in-place comparison against the key it stands
// for: two requests are the same to it exactly when their MemoKeys are
// equal, whatever else (the object's name, a resource request's path)
// differs.
func TestMemoKeyIs(t *testing.T) {
	alice, bob := &UserInfo{Name: "alice"}, &UserInfo{Name: "bob"}
	res := func(verb, group, resource, sub, ns, name string) RequestInfo {
		return RequestInfo{IsResourceRequest: true, Verb: verb, APIGroup: group, Resource: resource, Subresource: sub, Namespace: ns, Name: name}
	}
	path := func(verb, p string) RequestInfo { return RequestInfo{Verb: verb, Path: p} }
	listPods := res("list", "", "pods", "", "default", "")
	withPath := listPods
	withPath.Path = "/api/v1/namespaces/default/pods"
	requests := []struct {
		user *UserInfo
		info RequestInfo
	}{
		{alice, listPods},
		{bob, listPods},
		{nil, listPods},
		{alice, withPath},
		{alice, res("get", "", "pods", "", "default", "web")},
		{alice, res("get", "", "pods", "", "default", "db")},
		{alice, res("get", "", "pods", "log", "default", "web")},
		{alice, res("get", "apps", "pods", "", "default", "web")},
		{alice, res("get", "", "pods", "", "other", "web")},
		{alice, res("get", "", "pods", "", "", "web")},
		{alice, res("get", "", "nodes", "", "", "web")},
		{alice, path("get", "/healthz")},
		{alice, path("get", "/livez")},
		{alice, path("post", "/livez")},
		{alice, RequestInfo{Verb: "get", Path: "/livez", Resource: "pods"}},
	}
	for i, a := range requests {
		key := MemoKeyOf(a.user, &a.info)
		for j, b := range requests {
			if got, want := key.Is(b.user, &b.info), key == MemoKeyOf(b.user, &b.info); got != want {
				t.Errorf("request %d's key against request %d: Is = %v, want %v", i, j, got, want)
			}
		}
	}
}

// TestMemoHash: a request hashes the same every time, and requests that
// differ in what the tables see most (the namespace, the user, a
// non-resource path, the object's name) mostly land apart.
func TestMemoHash(t *testing.T) {
	alice := &UserInfo{Name: "alice"}
	pods := RequestInfo{IsResourceRequest: true, Verb: "get", Resource: "pods", Namespace: "demo"}
	prod := pods
	prod.Namespace = "prod"
	h := MemoHash(alice, &pods)
	if again := MemoHash(alice, &pods); again != h {
		t.Errorf("MemoHash gave %d, then %d for the same request", h, again)
	}
	for _, tc := range []struct {
		name string
		a, b uint64
	}{
		{"namespaces", h, MemoHash(alice, &prod)},
		{"users", h, MemoHash(&UserInfo{Name: "bob"}, &pods)},
		{"paths", MemoHash(nil, &RequestInfo{Verb: "get", Path: "/healthz"}), MemoHash(nil, &RequestInfo{Verb: "get", Path: "/version"})},
		{"names", MemoHashWithName(h, "web-a"), MemoHashWithName(h, "web-ab")},
	} {
		if tc.a == tc.b {
			t.Errorf("MemoHash does not tell %s apart", tc.name)
		}
	}
}
