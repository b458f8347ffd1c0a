package admission

import "github.com/loopbook/loopbook/engine/cluster/object"

// Small readers of object trees (map[string]any, []any, string, int64,
// float64, bool, nil).

func mapOf(v any) map[string]any { m, _ := v.(map[string]any); return m }

func listOf(v any) []any { l, _ := v.([]any); return l }

func strOf(v any) string { s, _ := v.(string); return s }

// boolAt returns m[k] as a bool and whether it is one.
func boolAt(m map[string]any, k string) (bool, bool) { b, ok := m[k].(bool); return b, ok }

// fieldPath renders a path in the trace's form (object.Path.String):
// strings are fields, ints are indexes, a [2]string is a [key=value] match.
func fieldPath(parts ...any) string {
	p := make(object.Path, 0, len(parts))
	for _, x := range parts {
		switch s := x.(type) {
		case string:
			p = append(p, object.Step{Kind: object.StepField, Name: s})
		case int:
			p = append(p, object.Step{Kind: object.StepIndex, Index: s})
		case [2]string:
			p = append(p, object.Step{Kind: object.StepMatch, Key: s[0], Value: s[1]})
		}
	}
	return p.String()
}
