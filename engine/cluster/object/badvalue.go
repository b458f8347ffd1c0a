package object

// Bad values shaped like Kubernetes' Go types, so that FormatBadValue's JSON
// keeps their field order (k8s.io/api and apimachinery types).

type selectorJSON struct {
	MatchLabels      map[string]string `json:"matchLabels,omitempty"`
	MatchExpressions []requirementJSON `json:"matchExpressions,omitempty"`
}

type requirementJSON struct {
	Key      string   `json:"key"`
	Operator string   `json:"operator"`
	Values   []string `json:"values,omitempty"`
}

func selectorValue(v any) any {
	s, ok := LabelSelectorFrom(v)
	if !ok {
		return v
	}
	out := selectorJSON{MatchLabels: s.MatchLabels}
	for _, r := range s.MatchExpressions {
		out.MatchExpressions = append(out.MatchExpressions, requirementJSON(r))
	}
	return out
}

// labelsValue is a map[string]string, as template.Labels is.
func labelsValue(v any) any {
	m := stringMap(v)
	if m == nil {
		return map[string]string{}
	}
	return m
}
