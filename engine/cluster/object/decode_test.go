package object

import (
	"errors"
	"strings"
	"testing"
)

func TestDecodeYAMLStream(t *testing.T) {
	src := `# leading comment
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: a
---
---
# only a comment
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: b
data:
  flag: on
  mode: 0644
  hex: 0x10
  big: 18446744073709551616
  quoted: "on"
  when: 2024-01-01
  nothing: ~
`
	docs, err := DecodeYAML([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 || docs[0].Object.Meta.Name != "a" || docs[1].Object.Meta.Name != "b" {
		t.Fatalf("docs = %d", len(docs))
	}
	if docs[1].Index != 1 || docs[1].Pos.Line != 11 {
		t.Errorf("second doc index %d at line %d", docs[1].Index, docs[1].Pos.Line)
	}
	data := docs[1].Raw["data"].(map[string]any)
	want := map[string]any{
		"flag": true, "mode": int64(420), "hex": int64(16), "big": 18446744073709551616.0,
		"quoted": "on", "when": "2024-01-01", "nothing": nil,
	}
	for k, v := range want {
		if !EqualValues(data[k], v) {
			t.Errorf("data.%s = %#v, want %#v", k, data[k], v)
		}
	}
}

func TestDecodeYAMLErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		line int
		msg  string
		docs int
	}{
		{"syntax", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: [a\n", 3, "did not find expected ',' or ']'", 0},
		{"duplicate key", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  name: b\n", 5, `mapping key "name" already defined at line 4`, 0},
		{"not a mapping", "- a\n- b\n", 1, "a document must be a mapping, not a array", 0},
		{"second document broken", "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\n---\nkind: [\n", 0, "", 1},
		{"merge keys", "base: &b {a: 1}\nx:\n  <<: *b\n", 3, "merge keys (<<) are not supported", 0},
		{"infinity", "apiVersion: v1\nkind: X\nv: .inf\n", 3, "json: unsupported value: +Inf", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			docs, err := DecodeYAML([]byte(tc.src))
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("err = %v, want a DecodeError", err)
			}
			if len(docs) != tc.docs {
				t.Errorf("got %d documents before the error, want %d", len(docs), tc.docs)
			}
			if tc.line != 0 && de.Pos.Line != tc.line {
				t.Errorf("line = %d, want %d (%v)", de.Pos.Line, tc.line, err)
			}
			if tc.msg != "" && !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q does not contain %q", err, tc.msg)
			}
		})
	}
}

func TestDecodeDocumentErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
		line            int
	}{
		{"no kind", "apiVersion: v1\nmetadata: {name: a}\n", "kind not set", 1},
		{"nothing set", "metadata: {name: a}\n", "[apiVersion not set, kind not set]", 1},
		{"label type", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  labels:\n    v: 2\n", "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string", 5},
		{"metadata a list", "apiVersion: v1\nkind: Pod\nmetadata: []\n", "json: cannot unmarshal array into Go struct field Pod.metadata of type v1.ObjectMeta", 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			docs, err := DecodeYAML([]byte(tc.src))
			if err != nil || len(docs) != 1 {
				t.Fatalf("DecodeYAML: %v", err)
			}
			d := docs[0]
			if d.Object != nil || d.Err == nil {
				t.Fatalf("document decoded: %+v", d.Object)
			}
			var de *DecodeError
			if !errors.As(d.Err, &de) || de.Pos.Line != tc.line || !strings.Contains(d.Err.Error(), tc.want) {
				t.Errorf("Err = %v (line %d), want %q at line %d", d.Err, de.Pos.Line, tc.want, tc.line)
			}
		})
	}
}

func TestDocumentPosition(t *testing.T) {
	src := `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  annotations:
    a.b/c: x
spec:
  replicas: -1
  template:
    spec:
      containers:
      - name: nginx
        image: nginx
        resources:
          requests:
            cpu: 2
      - name: side
        env:
        - name: A
`
	docs, err := DecodeYAML([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	d := docs[0]
	tests := []struct {
		path string
		want Position
	}{
		{"spec.replicas", Position{8, 3}},
		{".spec.replicas", Position{8, 3}},
		{"spec.template.spec.containers[0].image", Position{13, 9}},
		{"spec.template.spec.containers[1]", Position{17, 9}},
		{"spec.template.spec.containers[0].resources.requests[cpu]", Position{16, 13}},
		{"spec.template.spec.containers[name=side].env[0].name", Position{19, 11}},
		{`metadata.annotations["a.b/c"]`, Position{6, 5}},
		{"spec.selector", Position{7, 1}},
		{"spec.template.spec.containers[5].image", Position{11, 7}},
		{"", Position{1, 1}},
		{"bad[", Position{1, 1}},
	}
	for _, tc := range tests {
		if got := d.Position(tc.path); got != tc.want {
			t.Errorf("Position(%q) = %v, want %v", tc.path, got, tc.want)
		}
	}
}

func TestDecodeAliases(t *testing.T) {
	src := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, labels: &l {app: web}}\ndata: *l\n"
	o := mustDecode(t, src)
	if v, _, _ := o.Get(".data.app"); v != "web" {
		t.Errorf("alias value = %v", v)
	}
	// aliases are copied, not shared
	o.Meta.Labels["app"] = "changed"
	if v, _, _ := o.Get(".data.app"); v != "web" {
		t.Errorf("alias shares memory with the anchor")
	}
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\ng: [*f, *f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
	if _, err := DecodeYAML([]byte(bomb)); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("alias bomb: err = %v", err)
	}
}
