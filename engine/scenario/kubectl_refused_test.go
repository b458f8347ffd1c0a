package scenario

import "testing"

func TestRefusedOutput(t *testing.T) {
	tests := []struct{ message, want string }{
		{`Get "https://10.0.0.2:6443/api/v1/namespaces/demo/pods/web-a": dial tcp 10.0.0.2:6443: connect: connection refused`,
			"The connection to the server 10.0.0.2:6443 was refused - did you specify the right host or port?"},
		{`Post "https://10.96.0.1:443/api/v1/namespaces/demo/configmaps": dial tcp 10.96.0.1:443: connect: connection refused`,
			"The connection to the server 10.96.0.1:443 was refused - did you specify the right host or port?"},
		{`connect: connection refused`,
			"The connection to the server  was refused - did you specify the right host or port?"},
	}
	for _, tt := range tests {
		if got := refusedOutput(tt.message); got != tt.want {
			t.Errorf("refusedOutput(%q) = %q, want %q", tt.message, got, tt.want)
		}
	}
}
