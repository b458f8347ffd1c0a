package render

import (
	"strings"
	"time"
)

// durationText prints d the way the course speaks of virtual time: "45s",
// "5m0s" becomes "5m", "1m30s" stays.
func durationText(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
