package object

import (
	"fmt"
	"time"
)

// metaFieldOrder is ObjectMeta's field order in k8s.io/apimachinery/pkg/apis/
// meta/v1/types.go, which is also the order of `kubectl get -o json`.
var metaFieldOrder = []string{
	"name", "generateName", "namespace", "uid", "resourceVersion", "generation",
	"creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds",
	"labels", "annotations", "ownerReferences", "finalizers",
}

var ownerRefFieldOrder = []string{"apiVersion", "kind", "name", "uid", "controller", "blockOwnerDeletion"}

// ToMap renders m as a tree map, omitting empty fields as the JSON encoding
// of ObjectMeta does (omitempty on every field).
func (m *Meta) ToMap() map[string]any {
	out := make(map[string]any, m.fieldCount())
	putStr := func(k, v string) {
		if v != "" {
			out[k] = boxString(v)
		}
	}
	putStr("name", m.Name)
	putStr("generateName", m.GenerateName)
	putStr("namespace", m.Namespace)
	putStr("uid", m.UID)
	if m.ResourceVersion != "" {
		out["resourceVersion"] = m.ResourceVersion // new at every write: not worth a shared box
	}
	if m.Generation != 0 {
		out["generation"] = m.Generation
	}
	if !m.CreationTimestamp.IsZero() {
		out["creationTimestamp"] = timeTreeValue(m.CreationTimestamp)
	}
	if m.DeletionTimestamp != nil {
		out["deletionTimestamp"] = timeTreeValue(*m.DeletionTimestamp)
	}
	if m.DeletionGracePeriodSeconds != nil {
		out["deletionGracePeriodSeconds"] = *m.DeletionGracePeriodSeconds
	}
	if len(m.Labels) > 0 {
		out["labels"] = strMapToTree(m.Labels)
	}
	if len(m.Annotations) > 0 {
		out["annotations"] = strMapToTree(m.Annotations)
	}
	if len(m.OwnerReferences) > 0 {
		refs := make([]any, len(m.OwnerReferences))
		for i, r := range m.OwnerReferences {
			refs[i] = r.toMap()
		}
		out["ownerReferences"] = refs
	}
	if len(m.Finalizers) > 0 {
		f := make([]any, len(m.Finalizers))
		for i, s := range m.Finalizers {
			f[i] = boxString(s)
		}
		out["finalizers"] = f
	}
	return out
}

// fieldCount is the number of fields ToMap renders, so that its map is
// made at its size once instead of growing past eight fields.
func (m *Meta) fieldCount() int {
	n := 0
	for _, s := range [...]string{m.Name, m.GenerateName, m.Namespace, m.UID, m.ResourceVersion} {
		if s != "" {
			n++
		}
	}
	for _, set := range [...]bool{m.Generation != 0, !m.CreationTimestamp.IsZero(), m.DeletionTimestamp != nil,
		m.DeletionGracePeriodSeconds != nil, len(m.Labels) > 0, len(m.Annotations) > 0,
		len(m.OwnerReferences) > 0, len(m.Finalizers) > 0} {
		if set {
			n++
		}
	}
	return n
}

func (r OwnerReference) toMap() map[string]any {
	m := map[string]any{"apiVersion": boxString(r.APIVersion), "kind": boxString(r.Kind),
		"name": boxString(r.Name), "uid": boxString(r.UID)}
	if r.Controller != nil {
		m["controller"] = *r.Controller
	}
	if r.BlockOwnerDeletion != nil {
		m["blockOwnerDeletion"] = *r.BlockOwnerDeletion
	}
	return m
}

func strMapToTree(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = boxString(v)
	}
	return out
}

// MetaFromMap decodes a metadata tree. Unknown keys are ignored (the schema
// check reports them); a value of the wrong type is an error worded as the
// API server's JSON decoder words it.
func MetaFromMap(in map[string]any) (Meta, error) {
	m, _, err := metaFromMap(in)
	return m, err
}

// metaFromMap is MetaFromMap, also reporting whether every key of in is
// a field it checks as strictly as objectMetaSchema does: name,
// generateName, namespace, uid, resourceVersion, labels, annotations
// and finalizers, whose values it takes only as strings, string maps and
// string lists. A tree of those fields alone that it decodes without
// error is then clean against objectMetaSchema.
func metaFromMap(in map[string]any) (m Meta, plain bool, err error) {
	// other counts the keys found among the fields it does not check as
	// strictly as the schema.
	other := 0
	// Most metadata has a few of the fields: once every key of in has
	// been found, the remaining fields are absent without looking.
	left := len(in)
	get := func(k string) (any, bool) {
		if left == 0 {
			return nil, false
		}
		v, ok := in[k]
		if ok {
			left--
		}
		return v, ok
	}
	getOther := func(k string) (any, bool) {
		v, ok := get(k)
		if ok {
			other++
		}
		return v, ok
	}
	str := func(k string, v any, ok bool) string {
		if !ok || v == nil {
			return ""
		}
		s, ok := v.(string)
		if !ok && err == nil {
			err = metaTypeError(v, k, "string")
		}
		return s
	}
	strOther := func(k string) string {
		v, ok := getOther(k)
		return str(k, v, ok)
	}
	strPlain := func(k string) string {
		v, ok := get(k)
		return str(k, v, ok)
	}
	m.Name = strPlain("name")
	m.GenerateName = strPlain("generateName")
	m.Namespace = strPlain("namespace")
	m.UID = strPlain("uid")
	m.ResourceVersion = strPlain("resourceVersion")
	if v, ok := getOther("generation"); ok && v != nil {
		n, ok := asInt(v)
		if !ok && err == nil {
			err = metaTypeError(v, "generation", "int64")
		}
		m.Generation = n
	}
	if s := strOther("creationTimestamp"); s != "" {
		t, perr := ParseTime(s)
		if perr != nil && err == nil {
			err = fmt.Errorf("parsing time %q: %w", s, perr)
		}
		m.CreationTimestamp = t
	}
	if s := strOther("deletionTimestamp"); s != "" {
		t, perr := ParseTime(s)
		if perr != nil && err == nil {
			err = fmt.Errorf("parsing time %q: %w", s, perr)
		}
		m.DeletionTimestamp = &t
	}
	if v, ok := getOther("deletionGracePeriodSeconds"); ok && v != nil {
		n, ok := asInt(v)
		if !ok && err == nil {
			err = metaTypeError(v, "deletionGracePeriodSeconds", "int64")
		}
		m.DeletionGracePeriodSeconds = &n
	}
	strMap := func(k string) map[string]string {
		v, ok := get(k)
		if !ok || v == nil {
			return nil
		}
		tm, ok := v.(map[string]any)
		if !ok {
			if err == nil {
				err = metaTypeError(v, k, "map[string]string")
			}
			return nil
		}
		out := make(map[string]string, len(tm))
		for key, e := range tm {
			s, ok := e.(string)
			if !ok && err == nil {
				err = metaTypeError(e, k, "string")
			}
			out[key] = s
		}
		return out
	}
	m.Labels = strMap("labels")
	m.Annotations = strMap("annotations")
	if v, ok := getOther("ownerReferences"); ok && v != nil {
		l, ok := v.([]any)
		if !ok {
			if err == nil {
				err = metaTypeError(v, "ownerReferences", "[]v1.OwnerReference")
			}
		} else {
			for _, e := range l {
				rm, ok := e.(map[string]any)
				if !ok {
					if err == nil {
						err = metaTypeError(e, "ownerReferences", "v1.OwnerReference")
					}
					continue
				}
				r := OwnerReference{
					APIVersion: stringAt(rm, "apiVersion"),
					Kind:       stringAt(rm, "kind"),
					Name:       stringAt(rm, "name"),
					UID:        stringAt(rm, "uid"),
				}
				if b, ok := rm["controller"].(bool); ok {
					r.Controller = &b
				}
				if b, ok := rm["blockOwnerDeletion"].(bool); ok {
					r.BlockOwnerDeletion = &b
				}
				m.OwnerReferences = append(m.OwnerReferences, r)
			}
		}
	}
	if v, ok := get("finalizers"); ok && v != nil {
		l, ok := v.([]any)
		if !ok {
			if err == nil {
				err = metaTypeError(v, "finalizers", "[]string")
			}
		} else {
			for _, e := range l {
				s, ok := e.(string)
				if !ok && err == nil {
					err = metaTypeError(e, "finalizers", "string")
				}
				m.Finalizers = append(m.Finalizers, s)
			}
		}
	}
	return m, left == 0 && other == 0, err
}

func metaTypeError(v any, field, goType string) error {
	return &TypeError{Value: jsonKindOf(v), Struct: "ObjectMeta", Field: "metadata." + field, Type: goType}
}

// Decoded is MetaFromMap(m.ToMap()) without the tree: what decoding m's
// rendered metadata gives back. Empty maps and lists are nil, timestamps
// are UTC whole seconds (as RFC 3339 renders them), and nothing mutable
// is shared with m.
func (m *Meta) Decoded() Meta {
	c := m.DeepCopy()
	if !c.CreationTimestamp.IsZero() {
		c.CreationTimestamp = wholeSecondUTC(c.CreationTimestamp)
	}
	if c.DeletionTimestamp != nil {
		*c.DeletionTimestamp = wholeSecondUTC(*c.DeletionTimestamp)
	}
	if len(c.Labels) == 0 {
		c.Labels = nil
	}
	if len(c.Annotations) == 0 {
		c.Annotations = nil
	}
	if len(c.OwnerReferences) == 0 {
		c.OwnerReferences = nil
	}
	if len(c.Finalizers) == 0 {
		c.Finalizers = nil
	}
	return c
}

// wholeSecondUTC is t as ParseTime reads FormatTime(t). A time already
// on a whole second, as a stored object's mostly are, needs no division:
// truncating it would only drop its monotonic reading, which UTC drops.
func wholeSecondUTC(t time.Time) time.Time {
	if t.Nanosecond() == 0 {
		return t.UTC()
	}
	return t.UTC().Truncate(time.Second)
}
