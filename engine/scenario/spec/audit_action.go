package spec

import (
	"gopkg.in/yaml.v3"
)

// AuditLog reads the API servers' audit log: the records written so far
// that match every filter given, as `jq -c 'select(…)'` over the log file
// prints them. An empty filter ({}) selects every record.
type AuditLog struct {
	ActionBase
	// Filters in the order written; each key is one of AuditKeys.
	Filters []KeyValue
}

// AuditKeys are the filters an audit action takes, each a field of the
// audit.k8s.io/v1 Event: user (.user.username), verb, resource,
// subresource, namespace and name (.objectRef.*), stage, level, and code
// (.responseStatus.code).
var AuditKeys = []string{"user", "verb", "resource", "subresource", "namespace", "name", "stage", "level", "code"}

// auditWords are the valid values of the filters that have a fixed list.
var auditWords = map[string][]string{
	"verb":  {"get", "list", "watch", "create", "update", "patch", "delete", "deletecollection", "post", "put", "head", "options"},
	"stage": {"RequestReceived", "ResponseStarted", "ResponseComplete", "Panic"},
	"level": {"Metadata", "Request", "RequestResponse"},
}

// auditAction reads an audit action's filter mapping.
func (p *parser) auditAction(base *ActionBase, n *yaml.Node) Action {
	a := &AuditLog{ActionBase: *base}
	fs := make([]field, len(AuditKeys))
	for i, k := range AuditKeys {
		fs[i] = field{k, func(key, v *yaml.Node) {
			var s Scalar[string]
			switch {
			case auditWords[k] != nil:
				s = p.oneOf(v, k, auditWords[k])
			case k == "code":
				c := p.count(v, k, 100)
				if c.IsSet() {
					s = Scalar[string]{Value: v.Value, Pos: c.Pos}
				}
			default:
				s = p.str(v, k)
			}
			if s.IsSet() {
				a.Filters = append(a.Filters, KeyValue{Key: k, Value: s.Value, Pos: p.nodePos(key)})
			}
		}}
	}
	if !p.fields(n, "audit filter", fs) {
		return nil
	}
	return a
}
