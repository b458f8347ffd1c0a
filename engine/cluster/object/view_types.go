package object

import (
	"time"
)

// Small value types shared by the typed views. Views are decoded from an
// Object's tree once and read many times; maps and slices in them may share
// memory with the object and must not be modified.

// Resources is a resource list reduced to the integers the scheduler and
// kubelet compare: CPU in millicores, memory and ephemeral storage in
// bytes, Pods as a count; other resources by name, as Value().
type Resources struct {
	CPUMilli         int64
	Memory           int64
	EphemeralStorage int64
	Pods             int64
	Other            map[string]int64
}

// ResourcesFrom reads a ResourceList tree; unparsable quantities count 0.
func ResourcesFrom(v any) Resources {
	var r Resources
	m, _ := v.(map[string]any)
	for name, q := range m {
		qq, err := QuantityOf(q)
		if err != nil {
			continue
		}
		switch name {
		case "cpu":
			r.CPUMilli = qq.MilliValue()
		case "memory":
			r.Memory = qq.Value()
		case "ephemeral-storage":
			r.EphemeralStorage = qq.Value()
		case "pods":
			r.Pods = qq.Value()
		default:
			if r.Other == nil {
				r.Other = map[string]int64{}
			}
			r.Other[name] = qq.Value()
		}
	}
	return r
}

// Add returns r+o.
func (r Resources) Add(o Resources) Resources {
	out := Resources{CPUMilli: r.CPUMilli + o.CPUMilli, Memory: r.Memory + o.Memory,
		EphemeralStorage: r.EphemeralStorage + o.EphemeralStorage, Pods: r.Pods + o.Pods}
	if len(r.Other)+len(o.Other) > 0 {
		out.Other = map[string]int64{}
		for k, v := range r.Other {
			out.Other[k] += v
		}
		for k, v := range o.Other {
			out.Other[k] += v
		}
	}
	return out
}

// Max returns the per-resource maximum of r and o.
func (r Resources) Max(o Resources) Resources {
	out := Resources{CPUMilli: max(r.CPUMilli, o.CPUMilli), Memory: max(r.Memory, o.Memory),
		EphemeralStorage: max(r.EphemeralStorage, o.EphemeralStorage), Pods: max(r.Pods, o.Pods)}
	if len(r.Other)+len(o.Other) > 0 {
		out.Other = map[string]int64{}
		for k, v := range r.Other {
			out.Other[k] = v
		}
		for k, v := range o.Other {
			out.Other[k] = max(out.Other[k], v)
		}
	}
	return out
}

// Condition is a status condition of any kind.
type Condition struct {
	Type, Status, Reason, Message string
	LastTransitionTime            time.Time
	LastHeartbeatTime             time.Time // Node conditions
	LastProbeTime                 time.Time // Pod conditions
	ObservedGeneration            int64
}

func conditionsFrom(l []any) []Condition {
	if len(l) == 0 {
		return nil
	}
	out := make([]Condition, 0, len(l))
	for _, c := range l {
		cm, ok := c.(map[string]any)
		if !ok {
			continue
		}
		out = append(out, conditionFrom(cm))
	}
	return out
}

// conditionFrom reads one condition in a single pass over its fields: a
// condition has a handful of them and is read far more often than
// written, so visiting what is there beats looking up each field the
// view has, most of them absent.
func conditionFrom(cm map[string]any) Condition {
	var c Condition
	for k, v := range cm {
		switch k {
		case "type":
			c.Type, _ = v.(string)
		case "status":
			c.Status, _ = v.(string)
		case "reason":
			c.Reason, _ = v.(string)
		case "message":
			c.Message, _ = v.(string)
		case "lastTransitionTime":
			c.LastTransitionTime = timeOf(v)
		case "lastHeartbeatTime":
			c.LastHeartbeatTime = timeOf(v)
		case "lastProbeTime":
			c.LastProbeTime = timeOf(v)
		case "observedGeneration":
			c.ObservedGeneration, _ = asInt(v)
		}
	}
	return c
}

// FindCondition returns the condition of type t.
func FindCondition(conds []Condition, t string) (Condition, bool) {
	for _, c := range conds {
		if c.Type == t {
			return c, true
		}
	}
	return Condition{}, false
}

// TimeAt reads an RFC 3339 time at m[k], as the typed views do: the zero
// time when it is absent or malformed.
func TimeAt(m map[string]any, k string) time.Time {
	return timeOf(m[k])
}

// timeOf is TimeAt for a value already looked up.
func timeOf(v any) time.Time {
	s, _ := v.(string)
	if s == "" {
		return time.Time{}
	}
	if t, ok := parseCanonicalUTC(s, 0); ok {
		return t
	}
	if t, ok := parseCanonicalUTC(s, 6); ok {
		return t
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

// MicroTimeLayout is metav1.MicroTime's format (RFC3339Micro), used by
// Lease times and events.
const MicroTimeLayout = "2006-01-02T15:04:05.000000Z07:00"

// FormatMicroTime renders t as metav1.MicroTime does.
func FormatMicroTime(t time.Time) string { return formatCanonicalUTC(t, 6, MicroTimeLayout) }

// Toleration is a Pod's toleration.
type Toleration struct {
	Key, Operator, Value, Effect string
	// TolerationSeconds is nil for "forever".
	TolerationSeconds *int64
}

// Taint is a Node's taint.
type Taint struct {
	Key, Value, Effect string
	TimeAdded          time.Time
}

// ToleratesTaint reports whether t tolerates taint, as
// v1.Toleration.ToleratesTaint does (staging/src/k8s.io/api/core/v1/toleration.go):
// an empty effect matches all effects, an empty key with Exists matches all
// keys, Exists ignores the value, Equal (or empty) compares it.
func (t Toleration) ToleratesTaint(taint Taint) bool {
	if t.Effect != "" && t.Effect != taint.Effect {
		return false
	}
	if t.Key != taint.Key && !(t.Key == "" && t.Operator == "Exists") {
		return false
	}
	switch t.Operator {
	case "", "Equal":
		return t.Value == taint.Value
	case "Exists":
		return true
	}
	return false
}

func tolerationsFrom(l []any) []Toleration {
	if len(l) == 0 {
		return nil
	}
	out := make([]Toleration, 0, len(l))
	for _, e := range l {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		t := Toleration{Key: stringAt(m, "key"), Operator: stringAt(m, "operator"), Value: stringAt(m, "value"), Effect: stringAt(m, "effect")}
		if s, ok := asInt(m["tolerationSeconds"]); ok {
			t.TolerationSeconds = &s
		}
		out = append(out, t)
	}
	return out
}

// NodeSelectorTerm is one required node-affinity term; terms are ORed, the
// requirements inside a term ANDed.
type NodeSelectorTerm struct {
	MatchExpressions []Requirement // operators In, NotIn, Exists, DoesNotExist, Gt, Lt
	MatchFields      []Requirement // metadata.name only
}

// RequirementsFrom reads a tree list of node selector requirements (key,
// operator, values) for matching; elements that are not maps are skipped.
func RequirementsFrom(l []any) []Requirement {
	var out []Requirement
	for _, e := range l {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		out = append(out, Requirement{Key: stringAt(m, "key"), Operator: stringAt(m, "operator"), Values: StringList(m["values"])})
	}
	return out
}

// MatchesNode reports whether a node with these labels and name satisfies
// the term (pkg/scheduler nodeaffinity; Gt and Lt compare integers).
func (t NodeSelectorTerm) MatchesNode(labels map[string]string, name string) bool {
	if len(t.MatchExpressions) == 0 && len(t.MatchFields) == 0 {
		return false // an empty term matches nothing
	}
	for _, r := range t.MatchExpressions {
		if !nodeRequirementMatches(r, labels) {
			return false
		}
	}
	for _, r := range t.MatchFields {
		if r.Key != "metadata.name" || !nodeRequirementMatches(r, map[string]string{"metadata.name": name}) {
			return false
		}
	}
	return true
}

func nodeRequirementMatches(r Requirement, labels map[string]string) bool {
	switch r.Operator {
	case "Gt", "Lt":
		v, ok := labels[r.Key]
		if !ok || len(r.Values) != 1 {
			return false
		}
		a, err1 := parseInt64(v)
		b, err2 := parseInt64(r.Values[0])
		if err1 != nil || err2 != nil {
			return false
		}
		if r.Operator == "Gt" {
			return a > b
		}
		return a < b
	}
	return r.Matches(labels)
}

// controllerRef returns the controller owner reference, or nil.
func controllerRef(m *Meta) *OwnerReference {
	if r, ok := m.ControllerRef(); ok {
		return &r
	}
	return nil
}
