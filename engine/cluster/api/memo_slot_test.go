package api

import "testing"

func TestMemoSlot(t *testing.T) {
	alice := &UserInfo{Name: "alice"}
	for _, tc := range []struct {
		name string
		h    uint64
		user *UserInfo
		verb string
	}{
		{"resource", RequestHash(true, "pods", "demo", ""), alice, "get"},
		{"named", WithName(RequestHash(true, "pods", "demo", ""), "web-a"), alice, "update"},
		{"path", RequestHash(false, "", "", "/version"), alice, "get"},
		{"no user", RequestHash(false, "", "", "/healthz"), nil, "get"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := MemoSlot(tc.h, tc.user, tc.verb, 64)
			if got >= 64 {
				t.Errorf("MemoSlot = %d, want below 64", got)
			}
			if again := MemoSlot(tc.h, tc.user, tc.verb, 64); again != got {
				t.Errorf("MemoSlot gave %d, then %d for the same request", got, again)
			}
		})
	}
	if RequestHash(true, "pods", "demo", "") == RequestHash(true, "pods", "prod", "") {
		t.Error("RequestHash does not tell namespaces apart")
	}
}
