package object

import (
	"testing"
	"time"
)

// benchPod is a scheduled, running Pod as the API server stores it.
func benchPod(b *testing.B) *Object {
	b.Helper()
	r := NewBuiltinRegistry()
	o := mustDecode(b, podYAML)
	info, _ := r.For(o)
	info.Default(o)
	o.Meta.UID = "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f"
	o.Meta.ResourceVersion = "12345"
	ctrl := true
	o.Meta.OwnerReferences = []OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web-7c9d4", UID: "u-1", Controller: &ctrl, BlockOwnerDeletion: &ctrl}}
	return o
}

func BenchmarkDeepCopyPod(b *testing.B) {
	o := benchPod(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = o.DeepCopy()
	}
}

func BenchmarkDiffPodStatus(b *testing.B) {
	old := benchPod(b)
	o := old.DeepCopy()
	o.Set(".status.conditions[type=Ready].status", "False")
	o.Meta.ResourceVersion = "12346"
	b.ReportAllocs()
	for b.Loop() {
		_ = Diff(old, o)
	}
}

func BenchmarkValidateDeployment(b *testing.B) {
	r := NewBuiltinRegistry()
	o := mustDecode(b, deploymentYAML)
	info, _ := r.For(o)
	info.Default(o)
	b.ReportAllocs()
	for b.Loop() {
		if errs := ValidateObject(info, o, nil); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}

func BenchmarkDefaultDeployment(b *testing.B) {
	r := NewBuiltinRegistry()
	src := mustDecode(b, deploymentYAML)
	info, _ := r.For(src)
	b.ReportAllocs()
	for b.Loop() {
		info.Default(src.DeepCopy())
	}
}

func BenchmarkEncodeJSONPod(b *testing.B) {
	o := benchPod(b)
	buf := make([]byte, 0, 4096)
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendJSON(buf[:0], o, OrderKubernetes)
	}
	b.SetBytes(int64(len(buf)))
}

func BenchmarkSizePod(b *testing.B) {
	o := benchPod(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = o.Size()
	}
}

func BenchmarkEncodeYAMLPod(b *testing.B) {
	o := benchPod(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = EncodeYAML(o, OrderAlphabetical)
	}
}

func BenchmarkDecodeYAMLDeployment(b *testing.B) {
	data := []byte(deploymentYAML)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeYAML(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkViewPod(b *testing.B) {
	o := benchPod(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = ViewPod(o)
	}
}

func BenchmarkViewNode(b *testing.B) {
	o := mustDecode(b, "apiVersion: v1\nkind: Node\nmetadata: {name: node-a}\nstatus:\n  capacity: {cpu: \"4\", memory: 8Gi, pods: \"110\"}\n  allocatable: {cpu: 3800m, memory: 7Gi, pods: \"110\"}\n  conditions: [{type: Ready, status: \"True\", lastHeartbeatTime: \"2024-01-01T00:00:40Z\"}]\n")
	b.ReportAllocs()
	for b.Loop() {
		_ = ViewNode(o)
	}
}

func BenchmarkParseQuantity(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, _ = ParseQuantity("128Mi")
	}
}

func BenchmarkGetConditionPath(b *testing.B) {
	o := benchPod(b)
	p := MustParsePath(".status.conditions[type=Ready].status")
	b.ReportAllocs()
	for b.Loop() {
		_, _ = o.GetPath(p)
	}
}

// benchCreatedPod is benchPod as a ReplicaSet's Pod is stored: with a
// generated name, a generation and a creation time.
func benchCreatedPod(b *testing.B) *Object {
	o := benchPod(b)
	o.Meta.GenerateName = "web-7c9d4-"
	o.Meta.Generation = 1
	o.Meta.CreationTimestamp = time.Date(2026, 1, 1, 0, 0, 5, 0, time.UTC)
	return o
}

func BenchmarkToMapPod(b *testing.B) {
	o := benchCreatedPod(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = o.ToMap()
	}
}

func BenchmarkToMapCopyPod(b *testing.B) {
	o := benchCreatedPod(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = o.ToMapCopy()
	}
}

func BenchmarkNewBuiltinRegistry(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = NewBuiltinRegistry()
	}
}

func BenchmarkParseQuantityBeyondInt64Nanos(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, _ = ParseQuantity("104857600Ki")
	}
}
