package scenario

import (
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/audit"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// AuditLogPath is where the page says the API server writes its audit
// log (--audit-log-path, as Kubernetes' auditing task sets it).
const AuditLogPath = "/var/log/kubernetes/audit/audit.log"

// auditPolicy decodes a fixture's audit policy, positioning errors at the
// lesson line that holds them; nil when the fixture has none.
func auditPolicy(doc spec.Document) (*audit.Policy, error) {
	if !doc.IsSet() {
		return nil, nil
	}
	p, err := audit.Decode([]byte(doc.Text))
	if err == nil {
		return p, nil
	}
	var l diag.List
	for _, e := range err.(audit.PolicyErrors) {
		pos := doc.Pos
		if e.Line > 0 {
			pos = doc.LinePos(e.Line, max(e.Column, 1))
		}
		d := diag.Errorf(pos, "audit policy: %s", e.Message)
		if strings.Contains(e.Message, "unknown field") {
			d.WithHint("a Policy has rules and omitStages; a rule has level, users, userGroups, verbs, resources, namespaces, nonResourceURLs and omitStages")
		}
		l.Add(d)
	}
	return nil, l.Err()
}

// auditLog answers an audit action: the records written so far that
// match its filters, one JSON object a line, under the jq command that
// prints them from the log file.
func (s *Session) auditLog(a *spec.AuditLog) result.Response {
	keep := func(ev *audit.Event) bool {
		for _, f := range a.Filters {
			if auditField(ev, f.Key) != f.Value {
				return false
			}
		}
		return true
	}
	out := s.Cluster.Plane().AuditLog().Lines(keep)
	return result.Response{Action: auditCommand(a.Filters), Output: strings.TrimSuffix(out, "\n")}
}

// auditField is the value of a filter's field in ev, as text.
func auditField(ev *audit.Event, key string) string {
	ref := ev.ObjectRef
	if ref == nil {
		ref = &audit.ObjectReference{}
	}
	switch key {
	case "user":
		return ev.User.Username
	case "verb":
		return ev.Verb
	case "resource":
		return ref.Resource
	case "subresource":
		return ref.Subresource
	case "namespace":
		return ref.Namespace
	case "name":
		return ref.Name
	case "stage":
		return string(ev.Stage)
	case "level":
		return string(ev.Level)
	case "code":
		if ev.ResponseStatus == nil {
			return ""
		}
		return strconv.Itoa(ev.ResponseStatus.Code)
	}
	return ""
}

// auditJQ maps a filter to the jq path of its field.
var auditJQ = map[string]string{
	"user": ".user.username", "verb": ".verb", "resource": ".objectRef.resource",
	"subresource": ".objectRef.subresource", "namespace": ".objectRef.namespace",
	"name": ".objectRef.name", "stage": ".stage", "level": ".level", "code": ".responseStatus.code",
}

// auditCommand is the jq command that prints what the filters select
// from the log file.
func auditCommand(fs []spec.KeyValue) string {
	if len(fs) == 0 {
		return "jq -c . " + AuditLogPath
	}
	conds := make([]string, len(fs))
	for i, f := range fs {
		v := strconv.Quote(f.Value)
		if f.Key == "code" {
			v = f.Value
		}
		conds[i] = auditJQ[f.Key] + " == " + v
	}
	return "jq -c 'select(" + strings.Join(conds, " and ") + ")' " + AuditLogPath
}
