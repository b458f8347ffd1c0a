package apiserver

import (
	"fmt"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// formatRV renders a store revision as a resourceVersion: its decimal
// form, as etcd3's APIObjectVersioner does.
func formatRV(rev int64) string { return strconv.FormatInt(rev, 10) }

// parseRV reads a resourceVersion: "" is 0. A malformed one is the 400
// the API server answers
// (k8s.io/apiserver/pkg/storage/api_object_versioner.go, ParseResourceVersion).
func parseRV(rv string) (int64, *api.Status) {
	if rv == "" {
		return 0, nil
	}
	if n, ok := smallDecimal(rv); ok {
		return n, nil
	}
	n, err := strconv.ParseUint(rv, 10, 64)
	if err != nil {
		return 0, api.NewBadRequest(fmt.Sprintf("invalid resource version %q: %v", rv, err))
	}
	return int64(n), nil
}

// smallDecimal is the value of s when it is 1 to 18 decimal digits, as
// strconv.ParseUint reads it (a stored object's resourceVersion always
// is), without its general parsing.
func smallDecimal(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 18 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i] - '0'
		if c > 9 {
			return 0, false
		}
		n = n*10 + int64(c)
	}
	return n, true
}
