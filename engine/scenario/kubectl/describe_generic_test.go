package kubectl

import "testing"

// smartLabel writes field names as kubectl v1.37's smartLabelFor does;
// the expectations are what that function, with github.com/fatih/camelcase
// and golang.org/x/text's title casing, returned for the same names.
func TestSmartLabel(t *testing.T) {
	for _, c := range []struct{ field, want string }{
		{"apiVersion", "API Version"},
		{"uid", "UID"},
		{"podCIDR", "Pod CIDR"},
		{"hostIP", "Host IP"},
		{"IPFamilies", "IPFamilies"},
		{"leaseDurationSeconds", "Lease Duration Seconds"},
		{"caBundle", "Ca Bundle"},
		{"insecureSkipTLSVerify", "Insecure Skip TLSVerify"},
		{"x-kubernetes-preserve-unknown-fields", "X - Kubernetes - Preserve - Unknown - Fields"},
		{"URLPath", "URLPath"},
		{"spec", "Spec"},
		{"k8s", "k8s"},
		{"a_b", "a_b"},
		{"groupPriorityMinimum", "Group Priority Minimum"},
		{"webhookURL", "Webhook URL"},
		{"GUIDValue", "GUIDValue"},
		{"openAPIV3Schema", "openAPIV3Schema"},
		{"Ready", "Ready"},
	} {
		if got := smartLabel(c.field); got != c.want {
			t.Errorf("smartLabel(%q) = %q, want %q", c.field, got, c.want)
		}
	}
}
