package object

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file\n got:\n%s\nwant:\n%s", name, got, want)
	}
}

func loadObjects(t *testing.T) []*Object {
	t.Helper()
	data, err := os.ReadFile("testdata/objects.yaml")
	if err != nil {
		t.Fatal(err)
	}
	docs, err := DecodeYAML(data)
	if err != nil {
		t.Fatal(err)
	}
	var out []*Object
	for _, d := range docs {
		if d.Err != nil {
			t.Fatal(d.Err)
		}
		out = append(out, d.Object)
	}
	return out
}

func TestEncodeGolden(t *testing.T) {
	objs := loadObjects(t)
	for _, tc := range []struct {
		name  string
		order Order
	}{
		{"objects.kubernetes.golden.yaml", OrderKubernetes},
		{"objects.alphabetical.golden.yaml", OrderAlphabetical},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := EncodeYAMLStream(objs, tc.order)
			golden(t, tc.name, out)
			// round trip: decoding the output gives the same objects
			docs, err := DecodeYAML(out)
			if err != nil {
				t.Fatalf("output does not decode: %v", err)
			}
			if len(docs) != len(objs) {
				t.Fatalf("round trip: %d docs, want %d", len(docs), len(objs))
			}
			for i, d := range docs {
				if diff := Diff(objs[i], d.Object); len(diff) > 0 {
					t.Errorf("round trip of %s changed: %+v", objs[i].Kind, diff)
				}
			}
			// idempotent
			var again []*Object
			for _, d := range docs {
				again = append(again, d.Object)
			}
			if out2 := EncodeYAMLStream(again, tc.order); !bytes.Equal(out, out2) {
				t.Errorf("encoding is not idempotent:\n%s\n---vs---\n%s", out, out2)
			}
		})
	}
	var js []byte
	for _, o := range objs {
		js = append(js, EncodeJSON(o, OrderKubernetes)...)
	}
	golden(t, "objects.golden.json", js)
}

func TestEncodeJSONMatchesEncodingJSON(t *testing.T) {
	for _, o := range loadObjects(t) {
		for _, order := range []Order{OrderKubernetes, OrderAlphabetical} {
			compact := AppendJSON(nil, o, order)
			var decoded any
			if err := json.Unmarshal(compact, &decoded); err != nil {
				t.Fatalf("%s: invalid JSON: %v\n%s", o.Kind, err, compact)
			}
			if order == OrderAlphabetical {
				// encoding/json sorts map keys: the outputs must be identical
				want, _ := json.Marshal(decoded)
				if !bytes.Equal(compact, want) {
					t.Errorf("%s: alphabetical JSON differs from encoding/json\n got %s\nwant %s", o.Kind, compact, want)
				}
			}
			if n := o.Size(); n != len(compact) {
				t.Errorf("%s: Size() = %d, len(JSON) = %d", o.Kind, n, len(compact))
			}
			var indented bytes.Buffer
			json.Indent(&indented, compact, "", "    ")
			indented.WriteByte('\n')
			if got := EncodeJSON(o, order); !bytes.Equal(got, indented.Bytes()) {
				t.Errorf("%s: EncodeJSON differs from json.Indent of the compact form", o.Kind)
			}
		}
	}
}

func TestJSONStringEscaping(t *testing.T) {
	for _, s := range []string{"plain", "<html> & \"quotes\"", "tab\tnew\nline", "\u2028\u2029", "bad\xffutf8", "é中", "\x01\x1f"} {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("appendJSONString(%q) = %s, want %s", s, got, want)
		}
		if n := quotedLen(s); n != len(want) {
			t.Errorf("quotedLen(%q) = %d, want %d", s, n, len(want))
		}
	}
}

func TestEncodeYAMLScalars(t *testing.T) {
	tests := []struct {
		in   any
		want string
	}{
		{"plain", "plain"},
		{"true", `"true"`},
		{"yes", `"yes"`},
		{"123", `"123"`},
		{"0x1F", `"0x1F"`},
		{"1.5", `"1.5"`},
		{"1e3", `"1e3"`},
		{"", `""`},
		{"null", `"null"`},
		{"2024-01-01T00:00:00Z", `"2024-01-01T00:00:00Z"`},
		{"*", `'*'`},
		{"a: b", `'a: b'`},
		{"it's", `it's`},
		{"'q'", `'''q'''`},
		{"x #y", `'x #y'`},
		{"tab\there", `"tab\there"`},
		{"1.2.3", "1.2.3"},
		{"nginx:1.25", "nginx:1.25"},
		{"25%", "25%"},
		{"-", `'-'`},
		{"-x", "-x"},
		{int64(-3), "-3"},
		{1.5, "1.5"},
		{true, "true"},
		{nil, "null"},
	}
	for _, tc := range tests {
		o := &Object{Content: map[string]any{"v": tc.in}}
		got := string(EncodeYAML(o, OrderKubernetes))
		want := "metadata: {}\nv: " + tc.want + "\n"
		if got != want {
			t.Errorf("%#v encodes as %q, want %q", tc.in, got, want)
		}
		docs, err := DecodeYAML([]byte(got))
		if err != nil || !EqualValues(docs[0].Raw["v"], tc.in) {
			t.Errorf("%#v does not round-trip: %#v %v", tc.in, docs[0].Raw["v"], err)
		}
	}
}
