package api

import "testing"

func TestMemoSlot(t *testing.T) {
	alice := &UserInfo{Name: "alice"}
	pods := MemoKeyOf(alice, &RequestInfo{IsResourceRequest: true, Verb: "get", Resource: "pods", Namespace: "demo"})
	update := pods
	update.Verb = "update"
	version := MemoKeyOf(alice, &RequestInfo{Verb: "get", Path: "/version"})
	healthz := MemoKeyOf(nil, &RequestInfo{Verb: "get", Path: "/healthz"})
	for _, tc := range []struct {
		name string
		key  MemoKey
		h    uint64
	}{
		{"resource", pods, pods.Hash()},
		{"named", update, WithName(update.Hash(), "web-a")},
		{"path", version, version.Hash()},
		{"no user", healthz, healthz.Hash()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.key.Slot(tc.h, 64)
			if got >= 64 {
				t.Errorf("Slot = %d, want below 64", got)
			}
			if again := tc.key.Slot(tc.h, 64); again != got {
				t.Errorf("Slot gave %d, then %d for the same request", got, again)
			}
		})
	}
	prod := pods
	prod.Namespace = "prod"
	if pods.Hash() == prod.Hash() {
		t.Error("Hash does not tell namespaces apart")
	}
}
