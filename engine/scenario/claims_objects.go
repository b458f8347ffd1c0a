package scenario

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// pick returns the objects a selector names right after event at.
func (s *Session) pick(sel spec.ObjectSelector, at int) ([]*object.Object, *object.KindInfo, error) {
	k, err := s.Kind(sel.Kind.Text)
	if err != nil {
		return nil, nil, err
	}
	gk := GroupKind{k.Group, k.Kind}
	ns := sel.Namespace
	if !k.Namespaced {
		ns = ""
	}
	if sel.Name != "" && !sel.IsGlob() {
		o := s.History.At(ObjectKey{Group: k.Group, Kind: k.Kind, Namespace: ns, Name: sel.Name}, at)
		if o == nil {
			return nil, k, nil
		}
		return []*object.Object{o}, k, nil
	}
	var out []*object.Object
	for _, o := range s.History.Objects(gk, ns, at) {
		if sel.Name != "" && !trace.Glob(sel.Name, o.Meta.Name) {
			continue
		}
		if sel.Selector != nil && !selects(sel.Selector, o) {
			continue
		}
		out = append(out, o)
	}
	return out, k, nil
}

// selects applies a selector: labels by key (a != term also selects
// objects without the label, as label selectors do), fields by path.
func selects(sel *spec.Selector, o *object.Object) bool {
	for _, t := range sel.Terms {
		var got string
		var has bool
		if t.Field {
			v, ok, _ := o.Get("." + t.Key)
			got, has = valueText(v, ok), ok
		} else {
			got, has = o.Meta.Labels[t.Key]
		}
		eq := has && got == t.Value
		if (t.Op == "!=") == eq {
			return false
		}
	}
	return true
}

// describe names an object in evidence: "pod demo/web-x".
func describe(k *object.KindInfo, o *object.Object) string {
	return strings.ToLower(k.Kind) + " " + o.Key()
}

// fieldClaim checks a field of each selected object.
func (s *Session) fieldClaim(c *spec.FieldClaim, at int) verdict {
	var exp string
	if !s.verdictOnly {
		exp = c.Path.Text + " " + expectation(c.Op, c.Value, c.Regex)
	}
	if c.After != nil {
		i, err := s.afterPoint(c.After)
		if err != nil {
			return failf(exp, "%v", err)
		}
		at = i
	}
	objs, k, err := s.pick(c.Objects, at)
	if err != nil {
		return failf(exp, "%v", err)
	}
	if len(objs) == 0 {
		return failf(exp, "no %s %s", c.Objects.Kind.Text, selectorText(c.Objects))
	}
	v := verdict{ok: true, expected: exp}
	var seen []string
	var hint string
	for _, o := range objs {
		got, present := o.GetPath(c.Path.Path)
		ok, err := compare(got, present, c.Op, c.Value, c.Regex)
		if err != nil {
			return failf(exp, "bad expression: %v", err)
		}
		if !ok && !present && hint == "" && !s.verdictOnly {
			hint = pathHint(describe(k, o), o, c.Path.Path, c.Path.Text)
		}
		if !ok && v.ok {
			v.ok, v.evidence = false, nil
		}
		if s.verdictOnly {
			if !v.ok {
				return v
			}
			continue
		}
		if ok == v.ok && len(v.evidence) < MaxEvidence {
			text := valueText(got, present)
			v.evidence = append(v.evidence, describe(k, o)+" "+c.Path.Text+" = "+text)
			seen = append(seen, text)
		}
	}
	v.observed = strings.Join(seen, ", ")
	if len(objs) > 1 {
		v.expected = "each: " + exp
	}
	if !v.ok && hint != "" {
		v.evidence = append(v.evidence, hint)
	}
	return v
}

// selectorText writes the objects a selector names, for messages.
func selectorText(sel spec.ObjectSelector) string {
	var parts []string
	switch {
	case sel.Name != "" && sel.Namespace != "":
		parts = append(parts, sel.Namespace+"/"+sel.Name)
	case sel.Name != "":
		parts = append(parts, sel.Name)
	case sel.Namespace != "":
		parts = append(parts, "in "+sel.Namespace)
	}
	if sel.Selector != nil {
		parts = append(parts, "with "+sel.Selector.Text)
	}
	return strings.Join(parts, " ")
}

// countClaim counts the selected objects.
func (s *Session) countClaim(c *spec.CountClaim, at int) verdict {
	var exp string
	if !s.verdictOnly {
		exp = fmt.Sprintf("%s %d", c.Op, c.N.Value)
	}
	if c.After != nil {
		i, err := s.afterPoint(c.After)
		if err != nil {
			return failf(exp, "%v", err)
		}
		at = i
	}
	sel := spec.ObjectSelector{Kind: c.Kind, Selector: c.Selector}
	if c.Namespace != nil {
		sel.Namespace = c.Namespace.Text
	}
	objs, k, err := s.pick(sel, at)
	if err != nil {
		return failf(exp, "%v", err)
	}
	ok, _ := compare(int64(len(objs)), true, c.Op, spec.Value{Text: fmt.Sprint(c.N.Value)}, nil)
	if s.verdictOnly {
		return verdict{ok: ok}
	}
	v := verdict{ok: ok, expected: exp, observed: fmt.Sprint(len(objs))}
	for _, o := range objs[:min(len(objs), MaxEvidence)] {
		v.evidence = append(v.evidence, describe(k, o))
	}
	return v
}

// valuesClaim lists the successive distinct values of one object's field
// from the start mark to at; the object's absence is not a value.
func (s *Session) valuesClaim(c *spec.ValuesClaim, at int) verdict {
	var want []string
	for _, w := range c.Values {
		want = append(want, w.Text)
	}
	exp := "[" + strings.Join(want, ", ") + "]"
	k, err := s.Kind(c.Object.Kind.Text)
	if err != nil {
		return failf(exp, "%v", err)
	}
	key := ObjectKey{Group: k.Group, Kind: k.Kind, Namespace: c.Object.Namespace, Name: c.Object.Name}
	if !k.Namespaced {
		key.Namespace = ""
	}
	var got []string
	var raw []any
	v := verdict{expected: exp}
	for _, ver := range s.History.Versions(key, s.Start-1, at) {
		if ver.Obj == nil {
			continue
		}
		x, ok := ver.Obj.GetPath(c.Path.Path)
		if !ok {
			continue
		}
		t := valueText(x, true)
		if len(got) > 0 && got[len(got)-1] == t {
			continue
		}
		got, raw = append(got, t), append(raw, x)
		if len(v.evidence) < MaxEvidence {
			v.evidence = append(v.evidence, fmt.Sprintf("%s  %s = %s", s.timeAt(ver.At), c.Path.Text, t))
		}
	}
	v.observed = "[" + strings.Join(got, ", ") + "]"
	v.ok = len(got) == len(c.Values)
	for i := 0; v.ok && i < len(got); i++ {
		v.ok, _ = compare(raw[i], true, spec.Eq, c.Values[i], nil)
	}
	if o := s.History.At(key, at); !v.ok && len(got) == 0 && o != nil {
		if hint := pathHint(describe(k, o), o, c.Path.Path, c.Path.Text); hint != "" {
			v.evidence = append(v.evidence, hint)
		}
	}
	return v
}

// changeClaim compares a field of the selected objects at the start mark
// and at at; an object that exists at one end only has changed.
func (s *Session) changeClaim(c *spec.ChangeClaim, at int) verdict {
	exp := c.Path.Text + " unchanged"
	if c.Changed {
		exp = c.Path.Text + " changed"
	}
	before, k, err := s.pick(c.Objects, s.Start-1)
	if err != nil {
		return failf(exp, "%v", err)
	}
	after, _, _ := s.pick(c.Objects, at)
	type pair struct{ from, to string }
	byKey := map[string]*pair{}
	var keys []string
	add := func(objs []*object.Object, end bool) {
		for _, o := range objs {
			key := describe(k, o)
			p := byKey[key]
			if p == nil {
				p = &pair{"<absent>", "<absent>"}
				byKey[key] = p
				keys = append(keys, key)
			}
			x, ok := o.GetPath(c.Path.Path)
			if end {
				p.to = valueText(x, ok)
			} else {
				p.from = valueText(x, ok)
			}
		}
	}
	add(before, false)
	add(after, true)
	if len(keys) == 0 {
		return failf(exp, "no %s %s", c.Objects.Kind.Text, selectorText(c.Objects))
	}
	v := verdict{ok: true, expected: exp}
	var obs []string
	for _, key := range keys {
		p := byKey[key]
		ok := (p.from != p.to) == c.Changed
		if !ok && v.ok {
			v.ok, v.evidence, obs = false, nil, nil
		}
		if ok == v.ok && len(v.evidence) < MaxEvidence {
			v.evidence = append(v.evidence, fmt.Sprintf("%s %s: %s → %s", key, c.Path.Text, p.from, p.to))
			obs = append(obs, p.from+" → "+p.to)
		}
	}
	v.observed = strings.Join(obs, ", ")
	return v
}
