package ttlafterfinished

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestExpiry(t *testing.T) {
	job := func(ttl any, conds ...any) *object.Object {
		o := object.New("batch/v1", "Job")
		o.Meta.Namespace, o.Meta.Name = "demo", "pi"
		spec := map[string]any{}
		if ttl != nil {
			spec["ttlSecondsAfterFinished"] = ttl
		}
		o.Content["spec"] = spec
		o.Content["status"] = map[string]any{"conditions": conds}
		return o
	}
	cond := func(typ, status, at string) any {
		c := map[string]any{"type": typ, "status": status}
		if at != "" {
			c["lastTransitionTime"] = at
		}
		return c
	}
	at := "2026-01-01T00:01:00Z"
	cases := []struct {
		name    string
		job     *object.Object
		cleanup bool
		expires string // "" when expiry fails
	}{
		{"complete", job(int64(30), cond("SuccessCriteriaMet", "True", "2026-01-01T00:00:59Z"), cond("Complete", "True", at)), true, "2026-01-01T00:01:30Z"},
		{"failed, TTL 0", job(int64(0), cond("FailureTarget", "True", at), cond("Failed", "True", at)), true, at},
		{"no TTL", job(nil, cond("Complete", "True", at)), false, "2026-01-01T00:01:00Z"},
		{"running", job(int64(30), cond("Suspended", "False", at)), false, ""},
		{"complete without a time", job(int64(30), cond("Complete", "True", "")), true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := needsCleanup(c.job); got != c.cleanup {
				t.Errorf("needsCleanup = %v, want %v", got, c.cleanup)
			}
			got, err := expiry(c.job)
			if c.expires == "" {
				if err == nil {
					t.Errorf("expiry = %v, want an error", got)
				}
				return
			}
			want, _ := time.Parse(time.RFC3339, c.expires)
			if err != nil || !got.Equal(want) {
				t.Errorf("expiry = %v, %v; want %v", got, err, want)
			}
		})
	}
}
