package selector

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestParseLabels(t *testing.T) {
	labels := map[string]string{"app": "web", "tier": "front", "n": "5"}
	tests := []struct {
		name    string
		sel     string
		matches bool
		err     string
	}{
		{name: "empty selects everything", sel: "", matches: true},
		{name: "equality", sel: "app=web", matches: true},
		{name: "double equals", sel: "app==web", matches: true},
		{name: "inequality", sel: "app!=web", matches: false},
		{name: "inequality on a missing key", sel: "zone!=a", matches: true},
		{name: "and", sel: "app=web,tier=back", matches: false},
		{name: "in", sel: "tier in (front, back)", matches: true},
		{name: "notin", sel: "tier notin (front)", matches: false},
		{name: "exists", sel: "app", matches: true},
		{name: "does not exist", sel: "!app", matches: false},
		{name: "greater than", sel: "n>4", matches: true},
		{name: "less than", sel: "n<4", matches: false},
		{name: "empty value", sel: "zone=", matches: false},
		// The messages below are kube-apiserver v1.37's, as a real one answered.
		{name: "in without parenthesis", sel: "app in web", err: "unable to parse requirement: found 'web' expected: '('"},
		{name: "trailing comma", sel: "app=web,", err: "found '', expected: identifier after ','"},
		{name: "bang without key", sel: "!", err: "unable to parse requirement: found '', expected: identifier"},
		{name: "missing operator", sel: "app web", err: "unable to parse requirement: found 'web', expected: in, notin, =, ==, !=, gt, lt"},
		{name: "non-integer comparison", sel: "n>x", err: `unable to parse requirement: values[0]: Invalid value: "x": for 'Gt', 'Lt' operators, the value must be an integer`},
		{name: "two values", sel: "app=a b", err: "found 'b', expected: ',' or 'end of string'"},
		{name: "unterminated set", sel: "app in (a", err: "unable to parse requirement: found '', expected: ',' or ')'"},
		{name: "leading comma", sel: ",", err: "found ',', expected: !, identifier, or 'end of string'"},
		{name: "bad value", sel: "app=-a", err: `unable to parse requirement: values[0][app]: Invalid value: "-a": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`},
		{name: "bad key", sel: "-app=x", err: `unable to parse requirement: <nil>: Invalid value: "-app": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseLabels(tt.sel)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error %v\nwant  %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Matches(labels); got != tt.matches {
				t.Errorf("matches %v, want %v", got, tt.matches)
			}
		})
	}
}

func TestParseFields(t *testing.T) {
	pod := object.New("v1", "Pod")
	pod.Meta.Name, pod.Meta.Namespace = "web-1", "demo"
	pod.Content["spec"] = map[string]any{"nodeName": "worker-a"}
	pod.Content["status"] = map[string]any{"phase": "Running"}
	set := FieldsFor("", "pods")
	tests := []struct {
		name    string
		sel     string
		matches bool
		err     string
	}{
		{name: "name", sel: "metadata.name=web-1", matches: true},
		{name: "node and phase", sel: "spec.nodeName=worker-a,status.phase!=Pending", matches: true},
		{name: "double equals", sel: "spec.nodeName==worker-b", matches: false},
		{name: "unset boolean reads false", sel: "spec.hostNetwork=false", matches: true},
		{name: "escaped comma", sel: `metadata.name=a\,b`, matches: false},
		{name: "no operator", sel: "spec.nodeName", err: "invalid selector: 'spec.nodeName'; can't understand 'spec.nodeName'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseFields(tt.sel)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error %v, want %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := set.Check(s); err != nil {
				t.Fatal(err)
			}
			if got := s.Matches(set, pod); got != tt.matches {
				t.Errorf("matches %v, want %v", got, tt.matches)
			}
		})
	}
}

func TestFieldSetCheck(t *testing.T) {
	tests := []struct {
		group, resource, sel, err string
	}{
		{"", "pods", "spec.nodeName=a", ""},
		{"", "pods", "spec.foo=a", "field label not supported: spec.foo"},
		{"", "nodes", "metadata.namespace=a", "field label not supported: metadata.namespace"},
		{"", "nodes", "spec.unschedulable=true", ""},
		{"apps", "deployments", "status.replicas=1", `"status.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"`},
		{"apps", "replicasets", "status.replicas=1", ""},
		{"", "secrets", "type=Opaque", ""},
	}
	for _, tt := range tests {
		t.Run(tt.resource+" "+tt.sel, func(t *testing.T) {
			s, _ := ParseFields(tt.sel)
			err := FieldsFor(tt.group, tt.resource).Check(s)
			if (err == nil) != (tt.err == "") || (err != nil && err.Error() != tt.err) {
				t.Errorf("got %v, want %q", err, tt.err)
			}
		})
	}
}
