package object

import (
	"os"
	"testing"
)

// jobPoliciesYAML is a Job with the policies the batch validation reads.
const jobPoliciesYAML = `apiVersion: batch/v1
kind: Job
metadata: {name: pi, namespace: demo}
spec:
  completionMode: Indexed
  completions: 4
  managedBy: example.com/queue
  podFailurePolicy:
    rules:
    - {action: FailJob, onExitCodes: {containerName: pi, operator: In, values: [3, 42]}}
    - {action: Ignore, onPodConditions: [{type: DisruptionTarget}]}
  successPolicy:
    rules: [{succeededIndexes: "0-2,3", succeededCount: 2}]
  template:
    spec: {restartPolicy: Never, containers: [{name: pi, image: "pi:v1"}]}
`

func addSeeds(f *testing.F) {
	for _, s := range []string{deploymentYAML, podYAML, minimalPod, minimalService, databaseCRD, jobPoliciesYAML, statefulSetYAML} {
		f.Add([]byte(s))
	}
	if data, err := os.ReadFile("testdata/objects.yaml"); err == nil {
		f.Add(data)
	}
	f.Add([]byte("a: &a [1]\nb: *a\n"))
	f.Add([]byte("apiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: {a: 1}}\n"))
}

// FuzzDecodeYAML: decoding never panics, and every decoded object survives
// an encode/decode round trip in both key orders with no change.
func FuzzDecodeYAML(f *testing.F) {
	addSeeds(f)
	r := NewBuiltinRegistry()
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, _ := DecodeYAML(data)
		for _, d := range docs {
			_ = d.Position("spec.template.spec.containers[0].image")
			_ = d.Position(".status.conditions[type=Ready]")
			if d.Object == nil {
				continue
			}
			o := d.Object
			if info, ok := r.For(o); ok {
				_ = CheckFields(info, d.Raw)
			}
			if n := o.Size(); n != len(AppendJSON(nil, o, OrderKubernetes)) {
				t.Fatalf("Size %d != JSON length", n)
			}
			for _, order := range []Order{OrderKubernetes, OrderAlphabetical} {
				out := EncodeYAML(o, order)
				back, err := DecodeYAML(out)
				if err != nil {
					t.Fatalf("encoded YAML does not decode: %v\n%s", err, out)
				}
				if len(back) != 1 || back[0].Object == nil {
					t.Fatalf("encoded YAML gives %d documents\n%s", len(back), out)
				}
				if diff := Diff(o, back[0].Object); len(diff) > 0 {
					t.Fatalf("round trip changed %+v\n%s", diff, out)
				}
			}
			_ = EncodeJSON(o, OrderKubernetes)
		}
	})
}

// FuzzValidate: defaulting, validation, the update path, the views and
// Diff never panic, whatever the tree holds, for every built-in kind.
func FuzzValidate(f *testing.F) {
	addSeeds(f)
	r := NewBuiltinRegistry()
	if _, err := r.RegisterCRD(mustDecodeF(databaseCRD)); err != nil {
		f.Fatal(err)
	}
	kinds := r.Kinds()
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, _ := DecodeYAML(data)
		for i, d := range docs {
			if d.Object == nil {
				continue
			}
			info := kinds[(len(data)+i)%len(kinds)]
			o := d.Object
			o.APIVersion, o.Kind = info.APIVersion(), info.Kind
			_ = CheckFields(info, o.ToMap())
			old := o.DeepCopy()
			PrepareForCreate(info, o)
			errs := ValidateObject(info, o, nil)
			_ = InvalidMessage(info, o.Meta.Name, errs)
			_ = errs.Causes()
			upd := o.DeepCopy()
			upd.Meta.ResourceVersion = "2"
			PrepareForUpdate(info, upd, old)
			_ = ValidateObject(info, upd, old)
			PrepareForStatusUpdate(upd, o)
			_ = Diff(old, upd)
			_ = PodQOSClass(o)
			_ = ViewPod(o)
			_ = ViewNode(o)
			_ = ViewDeployment(o)
			_ = ViewReplicaSet(o)
			_ = ViewService(o)
			_ = ViewEndpointSlice(o)
			_ = ViewLease(o)
		}
	})
}

func mustDecodeF(src string) *Object {
	docs, err := DecodeYAML([]byte(src))
	if err != nil || len(docs) != 1 || docs[0].Object == nil {
		panic("bad seed")
	}
	return docs[0].Object
}
