package object

import (
	"strings"
	"testing"
)

const minimalSlice = `apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: bad, namespace: demo}
addressType: IPv4
ports:
- {name: http, port: 80}
endpoints:
- addresses: [10.0.0.1]
`

// Every message is what a v1.37.2 API server answered for the same
// slice (kubectl create --dry-run=server), in its order: the errors of
// declarative validation last.
func TestEndpointSliceValidation(t *testing.T) {
	const (
		label     = `a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`
		subdomain = `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`
	)
	addresses := func(typ string, lists ...[]any) func(*Object) {
		return func(o *Object) {
			o.Content["addressType"] = typ
			var eps []any
			for _, l := range lists {
				eps = append(eps, map[string]any{"addresses": l})
			}
			o.Content["endpoints"] = eps
		}
	}
	tests := []invalidCase{
		{"valid", minimalSlice, func(*Object) {}, ""},
		{"no address type", minimalSlice, func(o *Object) { delete(o.Content, "addressType"); o.Content["endpoints"] = []any{} },
			`EndpointSlice.discovery.k8s.io "bad" is invalid: addressType: Required value`},
		{"unsupported address type", minimalSlice, func(o *Object) { o.Content["addressType"] = "IPv5"; o.Content["endpoints"] = []any{} },
			`EndpointSlice.discovery.k8s.io "bad" is invalid: addressType: Unsupported value: "IPv5": supported values: "FQDN", "IPv4", "IPv6"`},
		{"IPv4 addresses", minimalSlice, addresses("IPv4", []any{}, []any{"abc"}, []any{"::1"}, []any{"127.0.0.1", "0.0.0.0", "169.254.1.1"}, []any{"10.0.0.010"}),
			`EndpointSlice.discovery.k8s.io "bad" is invalid: [` + strings.Join([]string{
				`endpoints[1].addresses[0]: Invalid value: "abc": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`,
				`endpoints[2].addresses: Invalid value: "::1": must be an IPv4 address`,
				`endpoints[2].addresses[0]: Invalid value: "::1": may not be in the loopback range (127.0.0.0/8, ::1/128)`,
				`endpoints[3].addresses[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)`,
				`endpoints[3].addresses[1]: Invalid value: "0.0.0.0": may not be unspecified (0.0.0.0)`,
				`endpoints[3].addresses[2]: Invalid value: "169.254.1.1": may not be in the link-local range (169.254.0.0/16, fe80::/10)`,
				`endpoints[4].addresses[0]: Invalid value: "10.0.0.010": must not have leading 0s`,
				`endpoints[0].addresses: Required value: must contain at least 1 address`,
			}, ", ") + `]`},
		{"IPv6 addresses", minimalSlice, addresses("IPv6", []any{"10.0.0.1", "zz::1", "::1"}),
			`EndpointSlice.discovery.k8s.io "bad" is invalid: [` + strings.Join([]string{
				`endpoints[0].addresses: Invalid value: "10.0.0.1": must be an IPv6 address`,
				`endpoints[0].addresses[1]: Invalid value: "zz::1": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`,
				`endpoints[0].addresses[2]: Invalid value: "::1": may not be in the loopback range (127.0.0.0/8, ::1/128)`,
			}, ", ") + `]`},
		{"FQDN addresses", minimalSlice, addresses("FQDN", []any{"example.com", "not a host", "localhost"}),
			`EndpointSlice.discovery.k8s.io "bad" is invalid: [` + strings.Join([]string{
				`endpoints[0].addresses[1]: Invalid value: "not a host": ` + subdomain,
				`endpoints[0].addresses[2]: Invalid value: "localhost": should be a domain with at least two segments separated by dots`,
			}, ", ") + `]`},
		{"ports, hostname and node name", minimalSlice, func(o *Object) {
			o.Content["ports"] = []any{
				map[string]any{"name": "Web_Port", "port": int64(80)},
				map[string]any{"name": "a", "port": int64(81), "protocol": "HTTP"},
				map[string]any{"name": "a", "port": int64(82), "appProtocol": "bad proto"},
			}
			o.Content["endpoints"] = []any{map[string]any{"addresses": []any{"10.0.0.1"}, "hostname": "Web_0", "nodeName": "Bad_Node"}}
		}, `EndpointSlice.discovery.k8s.io "bad" is invalid: [` + strings.Join([]string{
			`ports[0].name: Invalid value: "Web_Port": ` + label,
			`ports[1].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"`,
			`ports[2].name: Duplicate value: "a"`,
			`ports[2].appProtocol: Invalid value: "bad proto": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
			`endpoints[0].nodeName: Invalid value: "Bad_Node": ` + subdomain,
			`endpoints[0].hostname: Invalid value: "Web_0": ` + label,
		}, ", ") + `]`},
		{"unnamed ports are one name", minimalSlice, func(o *Object) {
			o.Content["ports"] = []any{map[string]any{"port": int64(80)}, map[string]any{"name": "", "port": int64(81)}}
		}, `EndpointSlice.discovery.k8s.io "bad" is invalid: ports[1].name: Duplicate value: ""`},
	}
	checkInvalidMessages(t, tests)
}

// An update that leaves invalid endpoints as they were is not refused for
// them, as validation.go allows.
func TestEndpointSliceUpdateKeepsOldEndpoints(t *testing.T) {
	r := NewBuiltinRegistry()
	old := mustDecode(t, minimalSlice)
	old.Content["endpoints"] = []any{map[string]any{"addresses": []any{"127.0.0.1"}}}
	old.Meta.ResourceVersion = "7"
	o := old.DeepCopy()
	o.Meta.Labels = map[string]string{"a": "b"}
	if got := invalidMessage(t, r, o, old); got != "" {
		t.Errorf("unchanged endpoints refused: %s", got)
	}
	o.Content["endpoints"] = []any{map[string]any{"addresses": []any{"127.0.0.2"}}}
	if got := invalidMessage(t, r, o, old); !strings.Contains(got, "loopback") {
		t.Errorf("changed endpoints accepted: %q", got)
	}
}
