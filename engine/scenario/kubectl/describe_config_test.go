package kubectl

import (
	"encoding/base64"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// A ServiceAccount token Secret shows its token in clear and the other
// keys' sizes, as kubectl v1.37 printed for one the token controller
// filled.
func TestDescribeTokenSecret(t *testing.T) {
	s := object.New("v1", "Secret")
	s.Meta.Name, s.Meta.Namespace = "builder-token", "demo"
	s.Meta.Annotations = map[string]string{"kubernetes.io/service-account.name": "builder"}
	enc := base64.StdEncoding.EncodeToString
	s.Content["type"] = "kubernetes.io/service-account-token"
	s.Content["data"] = map[string]any{"ca.crt": enc(make([]byte, 1147)), "namespace": enc([]byte("demo")), "token": enc([]byte("eyJhbGc.x.y"))}
	want := "Name:         builder-token\n" +
		"Namespace:    demo\n" +
		"Labels:       <none>\n" +
		"Annotations:  kubernetes.io/service-account.name: builder\n" +
		"\n" +
		"Type:  kubernetes.io/service-account-token\n" +
		"\n" +
		"Data\n" +
		"====\n" +
		"ca.crt:     1147 bytes\n" +
		"namespace:  4 bytes\n" +
		"token:      eyJhbGc.x.y\n"
	if got := describeSecret(s); got != want {
		t.Errorf("describe secret:\n%s\nwant:\n%s", got, want)
	}
	// An Opaque Secret's "token" is only a key like any other.
	s.Content["type"] = "Opaque"
	if got := describeSecret(s); got == want {
		t.Error("an Opaque secret's token was shown")
	}
}

// Rules broken down and compacted: verbs merge per group, resource and
// name in the order met; rules with several names or non-resource URLs
// stay apart; the order is the rules' protobuf text.
func TestCompactRules(t *testing.T) {
	var broken []policyRule
	for _, r := range []policyRule{
		{apiGroups: []string{""}, resources: []string{"pods"}, verbs: []string{"list", "get"}},
		{apiGroups: []string{""}, resources: []string{"pods"}, verbs: []string{"get", "watch"}},
		{nonResourceURLs: []string{"/healthz"}, verbs: []string{"get", "head"}},
	} {
		broken = append(broken, breakdownRule(r)...)
	}
	got := compactRules(broken)
	if len(got) != 3 {
		t.Fatalf("rules = %v", got)
	}
	if want := "&PolicyRule{Verbs:[get],APIGroups:[],Resources:[],ResourceNames:[],NonResourceURLs:[/healthz],}"; got[0].String() != want {
		t.Errorf("first rule %s, want %s", got[0], want)
	}
	if v := got[2].verbs; len(v) != 3 || v[0] != "list" || v[1] != "get" || v[2] != "watch" {
		t.Errorf("merged verbs %v, want [list get watch]", v)
	}
}
