package api

import (
	"errors"
	"testing"
)

func TestConnectionRefused(t *testing.T) {
	tests := []struct {
		name string
		req  *Request
		want string
	}{
		{"get", &Request{Method: MethodGet, Path: "/api/v1/namespaces/demo/pods"},
			`Get "https://10.96.0.1:443/api/v1/namespaces/demo/pods": dial tcp 10.96.0.1:443: connect: connection refused`},
		{"post", &Request{Method: MethodPost, Path: "/apis/apps/v1/namespaces/demo/deployments"},
			`Post "https://10.96.0.1:443/apis/apps/v1/namespaces/demo/deployments": dial tcp 10.96.0.1:443: connect: connection refused`},
		{"no method is GET", &Request{Path: "/readyz"},
			`Get "https://10.96.0.1:443/readyz": dial tcp 10.96.0.1:443: connect: connection refused`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := NewConnectionRefused(tt.req, KubernetesServiceHost)
			if st.Message != tt.want || st.Code != 0 || st.Reason != ReasonUnknown {
				t.Errorf("got %d %q %q", st.Code, st.Reason, st.Message)
			}
			if !IsConnectionRefused(st) || st.Response().OK() {
				t.Error("not recognised as a refused connection")
			}
		})
	}
	for _, err := range []error{NewServiceUnavailable("connect: connection refused"), errors.New("connect: connection refused"), nil} {
		if IsConnectionRefused(err) {
			t.Errorf("IsConnectionRefused(%v) = true", err)
		}
	}
}
