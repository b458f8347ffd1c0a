package fakeapi

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// term is one equality-based requirement: key=value, key!=value, key
// (exists) or !key (does not exist).
type term struct {
	key, value string
	op         string // "=", "!=", "exists", "!exists"
}

type selectors struct {
	labels, fields []term
}

func parseSelectors(opts api.ListOptions) (selectors, error) {
	var s selectors
	var err error
	if s.labels, err = parseTerms(opts.LabelSelector, true); err != nil {
		return s, err
	}
	s.fields, err = parseTerms(opts.FieldSelector, false)
	return s, err
}

// parseTerms reads the equality-based subset of the selector grammar
// (k8s.io/apimachinery/pkg/labels and pkg/fields): the fake serves no set
// operators.
func parseTerms(sel string, labels bool) ([]term, error) {
	var out []term
	for _, part := range strings.Split(sel, ",") {
		part = strings.TrimSpace(part)
		switch {
		case part == "":
			continue
		case strings.Contains(part, "!="):
			k, v, _ := strings.Cut(part, "!=")
			out = append(out, term{strings.TrimSpace(k), strings.TrimSpace(v), "!="})
		case strings.Contains(part, "=="):
			k, v, _ := strings.Cut(part, "==")
			out = append(out, term{strings.TrimSpace(k), strings.TrimSpace(v), "="})
		case strings.Contains(part, "="):
			k, v, _ := strings.Cut(part, "=")
			out = append(out, term{strings.TrimSpace(k), strings.TrimSpace(v), "="})
		case labels && strings.HasPrefix(part, "!"):
			out = append(out, term{key: strings.TrimPrefix(part, "!"), op: "!exists"})
		case labels:
			out = append(out, term{key: part, op: "exists"})
		default:
			return nil, fmt.Errorf("invalid selector: '%s'; can't understand '%s'", sel, part)
		}
	}
	return out, nil
}

func (s selectors) empty() bool { return len(s.labels)+len(s.fields) == 0 }

func (s selectors) matches(o *object.Object) bool {
	for _, t := range s.labels {
		v, ok := o.Meta.Labels[t.key]
		if !t.holds(v, ok) {
			return false
		}
	}
	for _, t := range s.fields {
		// A field selector compares the field's string value; an absent
		// field reads as "" (spec.nodeName= selects unscheduled Pods).
		v, _, _ := o.Get("." + t.key)
		str, _ := v.(string)
		if !t.holds(str, true) {
			return false
		}
	}
	return true
}

func (t term) holds(v string, present bool) bool {
	switch t.op {
	case "=":
		return present && v == t.value
	case "!=":
		return !present || v != t.value
	case "exists":
		return present
	default:
		return !present
	}
}
