package object

import (
	"os"
	"reflect"
	"testing"
	"time"
)

// referenceDecode is the full decoding DecodeBody takes a short cut
// through: it reports whether the body is clean, and its object.
func referenceDecode(info *KindInfo, body map[string]any) (*Object, bool) {
	for _, f := range []string{"apiVersion", "kind"} {
		own := info.Kind
		if f == "apiVersion" {
			own = info.APIVersion()
		}
		if !ownName(body[f], own) {
			return nil, false
		}
	}
	if info.Schema != nil && info.CRD == nil {
		check := walkFields(info.Schema, body)
		if check.Err != nil || len(check.Unknown) > 0 {
			return nil, false
		}
	}
	tree := make(map[string]any, len(body))
	for k, v := range body {
		if k == "metadata" {
			tree[k] = v
		} else {
			tree[k] = DeepCopyValue(v)
		}
	}
	tree["apiVersion"], tree["kind"] = info.APIVersion(), info.Kind
	o, err := FromMap(tree)
	if err != nil {
		return nil, false
	}
	return o, true
}

// mutate changes one value somewhere in the tree, or adds a field.
func mutate(r *seqRand, tree map[string]any) {
	values := []any{"x", int64(5), 1.5, true, nil, map[string]any{"zz": int64(1)}, []any{"a"}, "1Gi", "2024-01-01T00:00:00Z", "bad base64!"}
	var v any = tree
	for {
		switch t := v.(type) {
		case map[string]any:
			keys := sortedKeys(t)
			if len(keys) == 0 || r.Uint64()%4 == 0 {
				t["zzUnknown"] = values[r.Uint64()%uint64(len(values))]
				return
			}
			k := keys[r.Uint64()%uint64(len(keys))]
			if r.Uint64()%3 == 0 {
				t[k] = values[r.Uint64()%uint64(len(values))]
				return
			}
			v = t[k]
		case []any:
			if len(t) == 0 {
				return
			}
			i := r.Uint64() % uint64(len(t))
			if r.Uint64()%3 == 0 {
				t[i] = values[r.Uint64()%uint64(len(values))]
				return
			}
			v = t[i]
		default:
			return
		}
	}
}

// TestDecodeBodyMatchesFullDecoding: for the test objects and thousands of
// mutations of them, against every built-in kind, DecodeBody accepts
// exactly the clean bodies, gives the object the full decoding gives, and
// leaves the body untouched; and DecodeSentObject agrees with
// DecodeOwnedBody on the objects the bodies make (checkSentObject).
func TestDecodeBodyMatchesFullDecoding(t *testing.T) {
	reg := NewBuiltinRegistry()
	var srcs []string
	for _, s := range []string{deploymentYAML, podYAML, minimalPod, minimalService} {
		srcs = append(srcs, s)
	}
	if data, err := os.ReadFile("testdata/objects.yaml"); err == nil {
		srcs = append(srcs, string(data))
	}
	var bodies []map[string]any
	for _, s := range srcs {
		docs, _ := DecodeYAML([]byte(s))
		for _, d := range docs {
			if d.Raw != nil {
				bodies = append(bodies, d.Raw)
			}
		}
	}
	if len(bodies) < 5 {
		t.Fatalf("only %d test bodies", len(bodies))
	}
	r := &seqRand{x: 1}
	clean, dirty := 0, 0
	for round := range 400 {
		for bi, base := range bodies {
			body := DeepCopyValue(base).(map[string]any)
			if round > 0 {
				for range 1 + r.Uint64()%3 {
					mutate(r, body)
				}
			}
			before := DeepCopyValue(body)
			info, ok := reg.For(&Object{APIVersion: stringAt(body, "apiVersion"), Kind: stringAt(body, "kind")})
			if !ok || round%7 == 6 {
				kinds := reg.Kinds()
				info = kinds[(round+bi)%len(kinds)]
			}
			want, wantOK := referenceDecode(info, body)
			if info.Schema != nil && info.CRD == nil {
				if got, full := CheckFields(info, body), walkFields(info.Schema, body); !reflect.DeepEqual(got, full) {
					t.Fatalf("round %d body %d as %s: CheckFields gives %+v, the full walk %+v", round, bi, info.Kind, got, full)
				}
			}
			checkSentObject(t, info, body, round)
			handed := DeepCopyValue(body).(map[string]any)
			owned, ownedOK := DecodeOwnedBody(info, handed)
			got, gotOK := DecodeBody(info, body)
			if ownedOK != gotOK || (gotOK && !reflect.DeepEqual(owned, got)) {
				t.Fatalf("round %d body %d as %s: DecodeOwnedBody gives %v\n%#v\nDecodeBody %v\n%#v", round, bi, info.Kind, ownedOK, owned, gotOK, got)
			}
			if !ownedOK && !reflect.DeepEqual(handed, body) {
				t.Fatalf("round %d body %d as %s: DecodeOwnedBody changed a body it did not decode", round, bi, info.Kind)
			}
			if info.CRD != nil {
				wantOK = false
			}
			if gotOK != wantOK {
				t.Fatalf("round %d body %d as %s: DecodeBody ok=%v, full decoding clean=%v\n%v", round, bi, info.Kind, gotOK, wantOK, body)
			}
			if !gotOK {
				dirty++
				continue
			}
			clean++
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d body %d: DecodeBody gives\n%#v\nfull decoding\n%#v", round, bi, got, want)
			}
			if len(got.Content) > 0 {
				mutate(r, got.Content)
			}
			if got.Meta.Labels != nil {
				got.Meta.Labels["zz"] = "changed"
			}
			if !reflect.DeepEqual(body, before) {
				t.Fatalf("round %d body %d: the decoded object shares the body", round, bi)
			}
		}
	}
	t.Logf("%d clean, %d dirty", clean, dirty)
	if clean < 100 || dirty < 100 {
		t.Fatalf("%d clean and %d dirty bodies: the mutations do not cover both", clean, dirty)
	}
}

// TestDecodeOwnedBodyKeepsTheBodysValues: an owned body becomes the
// object's content, so nothing is copied, and loses apiVersion, kind and
// metadata; a body it cannot decode in one pass is left as it was.
func TestDecodeOwnedBodyKeepsTheBodysValues(t *testing.T) {
	info, err := NewBuiltinRegistry().Resolve("configmaps")
	if err != nil {
		t.Fatal(err)
	}
	data := map[string]any{"k": "v"}
	body := map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "c"}, "data": data}
	o, ok := DecodeOwnedBody(info, body)
	if !ok {
		t.Fatal("a clean ConfigMap was not decoded")
	}
	data["k"] = "changed"
	if got := o.Content["data"].(map[string]any)["k"]; got != "changed" {
		t.Errorf("the object's data holds %v, not the body's map", got)
	}
	if len(body) != 1 || len(o.Content) != 1 || o.Meta.Name != "c" || o.APIVersion != "v1" {
		t.Errorf("body %v, object %s %s %v", body, o.APIVersion, o.Meta.Name, o.Content)
	}
	bad := map[string]any{"kind": "ConfigMap", "data": map[string]any{"k": int64(1)}}
	if _, ok := DecodeOwnedBody(info, bad); ok || len(bad) != 2 {
		t.Errorf("a ConfigMap with a number in data: decoded in one pass %v, body left %v", ok, bad)
	}
}

// checkSentObject checks that DecodeSentObject takes the object body
// makes exactly when DecodeOwnedBody takes the tree that object renders
// to, and makes it the same object; one it does not take is left as it
// was. In odd rounds the object's metadata is given what only a typed
// sender has: empty maps and lists, and timestamps in another zone and to
// the nanosecond.
func checkSentObject(t *testing.T, info *KindInfo, body map[string]any, round int) {
	t.Helper()
	o, err := FromMap(DeepCopyValue(body).(map[string]any))
	if err != nil {
		return
	}
	if round%2 == 1 {
		cet := time.FixedZone("CET", 3600)
		when := time.Date(2026, 3, 1, 12, 0, 5, 750_000_001, cet)
		m := &o.Meta
		m.CreationTimestamp, m.DeletionTimestamp = when, &when
		if m.Labels == nil {
			m.Labels = map[string]string{}
		}
		if m.Finalizers == nil {
			m.Finalizers = []string{}
		}
	}
	want, wantOK := DecodeOwnedBody(info, o.DeepCopy().ToMap())
	sent := o.DeepCopy()
	gotOK := DecodeSentObject(info, sent)
	if gotOK != wantOK || (gotOK && !reflect.DeepEqual(sent, want)) {
		t.Fatalf("round %d as %s: DecodeSentObject gives %v\n%#v\nDecodeOwnedBody of its tree %v\n%#v", round, info.Kind, gotOK, sent, wantOK, want)
	}
	if !gotOK && !reflect.DeepEqual(sent, o) {
		t.Fatalf("round %d as %s: DecodeSentObject changed an object it did not take", round, info.Kind)
	}
}
