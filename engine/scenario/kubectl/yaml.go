package kubectl

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// YAML prints objects as `kubectl get -o yaml` does: one object alone, or
// several (or none) as a v1 List with an empty resourceVersion
// (k8s.io/cli-runtime/pkg/printers/yaml.go over the list kubectl builds
// in get.go). Keys are sorted, as sigs.k8s.io/yaml sorts them.
func YAML(objs []*object.Object, single bool) string {
	if single && len(objs) == 1 {
		return string(object.EncodeYAML(objs[0], object.OrderAlphabetical))
	}
	var b strings.Builder
	b.WriteString("apiVersion: v1\n")
	if len(objs) == 0 {
		b.WriteString("items: []\n")
	} else {
		b.WriteString("items:\n")
	}
	for _, o := range objs {
		lines := strings.SplitAfter(strings.TrimSuffix(string(object.EncodeYAML(o, object.OrderAlphabetical)), "\n"), "\n")
		for i, l := range lines {
			if i == 0 {
				b.WriteString("- ")
			} else {
				b.WriteString("  ")
			}
			b.WriteString(l)
		}
		b.WriteString("\n")
	}
	b.WriteString("kind: List\nmetadata:\n  resourceVersion: \"\"\n")
	return b.String()
}
