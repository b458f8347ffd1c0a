package kubelet

import (
	"fmt"
	"strings"
	"testing"
)

// statusMessage is the generators' message, each list printed as fmt's %s
// prints it and the parts joined by ", ".
func TestStatusMessage(t *testing.T) {
	lists := [][]string{nil, {}, {"web"}, {"web", "sidecar"}, {"a", "b", "c"}, {""}, {"with space", "x"}}
	for _, unknown := range lists {
		for _, others := range lists {
			var msgs []string
			if len(unknown) > 0 {
				msgs = append(msgs, fmt.Sprintf("containers with unknown status: %s", unknown))
			}
			if len(others) > 0 {
				msgs = append(msgs, fmt.Sprintf("containers with unready status: %s", others))
			}
			if got, want := statusMessage(unknown, others, "unready"), strings.Join(msgs, ", "); got != want {
				t.Errorf("statusMessage(%q, %q) = %q, want %q", unknown, others, got, want)
			}
		}
	}
}
