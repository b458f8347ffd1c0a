package object

import (
	"math/rand"
	"reflect"
	"testing"
	"time"
)

// TestDecodedIsTheTreeRoundTrip: Decoded is exactly what rendering the
// metadata and decoding it back gives, and shares nothing mutable with
// the metadata.
func TestDecodedIsTheTreeRoundTrip(t *testing.T) {
	yes, no := true, false
	grace := int64(30)
	cet := time.FixedZone("CET", 3600)
	deleted := time.Date(2026, 3, 1, 12, 0, 5, 750_000_000, cet)
	metas := map[string]Meta{
		"empty": {},
		"full": {Name: "web", GenerateName: "web-", Namespace: "demo", UID: "u1", ResourceVersion: "42", Generation: 3,
			CreationTimestamp: time.Date(2026, 3, 1, 11, 0, 0, 0, time.UTC), DeletionTimestamp: &deleted,
			DeletionGracePeriodSeconds: &grace,
			Labels:                     map[string]string{"app": "web"}, Annotations: map[string]string{"a": "b"},
			OwnerReferences: []OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web-1", UID: "u0",
				Controller: &yes, BlockOwnerDeletion: &no}, {Kind: "Node", Name: "n1"}},
			Finalizers: []string{"f1", "f2"}},
		"empty but not nil": {Labels: map[string]string{}, Annotations: map[string]string{},
			OwnerReferences: []OwnerReference{}, Finalizers: []string{}},
		"local sub-second creation": {Name: "x", CreationTimestamp: time.Date(2026, 1, 2, 3, 4, 5, 6, cet)},
	}
	for name, m := range metas {
		want, err := MetaFromMap(m.ToMap())
		if err != nil {
			t.Fatal(err)
		}
		got := m.Decoded()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %#v\nwant %#v", name, got, want)
		}
		if len(m.Labels) > 0 {
			got.Labels["app"] = "changed"
			got.OwnerReferences[0].Name = "changed"
			*got.OwnerReferences[0].Controller = false
			got.Finalizers[0] = "changed"
			*got.DeletionTimestamp = time.Time{}
			*got.DeletionGracePeriodSeconds = 0
			if m.Labels["app"] != "web" || m.OwnerReferences[0].Name != "web-1" || !*m.OwnerReferences[0].Controller ||
				m.Finalizers[0] != "f1" || m.DeletionTimestamp.IsZero() || *m.DeletionGracePeriodSeconds != 30 {
				t.Errorf("%s: changing the decoded metadata changed the stored one: %#v", name, m)
			}
		}
	}
}

// TestMetaFromMapPlain: metaFromMap calls metadata plain when its every
// field is one it checks as strictly as the schema, and a plain tree it
// decodes without error is clean against objectMetaSchema.
func TestMetaFromMapPlain(t *testing.T) {
	tests := []struct {
		name  string
		in    map[string]any
		plain bool
	}{
		{"empty", map[string]any{}, true},
		{"name", map[string]any{"name": "web"}, true},
		{"strings", map[string]any{"name": "web", "generateName": "web-", "namespace": "demo", "uid": "u", "resourceVersion": "7"}, true},
		{"null name", map[string]any{"name": nil}, true},
		{"labels and annotations", map[string]any{"name": "web", "labels": map[string]any{"app": "web"}, "annotations": map[string]any{"a": "b"}}, true},
		{"finalizers", map[string]any{"name": "web", "finalizers": []any{"f"}}, true},
		{"generation", map[string]any{"name": "web", "generation": int64(2)}, false},
		{"creationTimestamp", map[string]any{"name": "web", "creationTimestamp": "2024-01-01T00:00:00Z"}, false},
		{"deletionTimestamp", map[string]any{"deletionTimestamp": "2024-01-01T00:00:00Z"}, false},
		{"deletionGracePeriodSeconds", map[string]any{"deletionGracePeriodSeconds": int64(30)}, false},
		{"ownerReferences", map[string]any{"name": "web", "ownerReferences": []any{map[string]any{"name": "o"}}}, false},
		{"unknown field", map[string]any{"name": "web", "zz": "x"}, false},
		{"selfLink", map[string]any{"selfLink": "/x"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, plain, err := metaFromMap(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if plain != tc.plain {
				t.Errorf("plain = %v, want %v", plain, tc.plain)
			}
			if plain && !clean(tc.in, objectMetaSchema) {
				t.Errorf("plain metadata is not clean")
			}
		})
	}
}

// TestWholeSecondUTCTruncate checks wholeSecondUTC's whole-second path
// against the truncation it stands for: the same time.Time, field for
// field (==), for times with and without a fraction or a zone other than
// UTC.
func TestWholeSecondUTCTruncate(t *testing.T) {
	zone := time.FixedZone("X", -7*3600)
	rng := rand.New(rand.NewSource(7))
	now := time.Date(2026, 3, 1, 12, 0, 5, 750_000_000, zone)
	times := []time.Time{{}, now, now.Truncate(time.Second), time.Unix(0, 0),
		time.Date(2026, 1, 2, 3, 4, 5, 0, zone), time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)}
	for range 200 {
		sec := rng.Int63n(4e9) - 1e9
		nsec := int64(0)
		if rng.Intn(2) == 0 {
			nsec = rng.Int63n(1e9)
		}
		times = append(times, time.Unix(sec, nsec), time.Unix(sec, nsec).In(zone),
			now.Add(time.Duration(rng.Int63n(1e9))*time.Second))
	}
	for _, tm := range times {
		if got, want := wholeSecondUTC(tm), tm.UTC().Truncate(time.Second); got != want {
			t.Errorf("wholeSecondUTC(%v) = %#v, want %#v", tm, got, want)
		}
	}
}
