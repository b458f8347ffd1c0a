package cronjob

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cron"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The most recent unmet schedule time, the count of missed ones, and the
// wait until the next, as cronjob_controllerv2's utils.go reckon them.
func TestScheduleTimes(t *testing.T) {
	created := time.Date(2026, 1, 1, 0, 0, 35, 0, time.UTC)
	cj := func(last string, sds any) *object.Object {
		o := object.New("batch/v1", "CronJob")
		o.Meta.CreationTimestamp = created
		o.Content["spec"] = map[string]any{}
		o.Content["status"] = map[string]any{}
		if last != "" {
			o.Content["status"] = map[string]any{"lastScheduleTime": last}
		}
		if sds != nil {
			o.Content["spec"] = map[string]any{"startingDeadlineSeconds": sds}
		}
		return o
	}
	sched, _ := cron.ParseStandard("*/1 * * * *")
	at := func(m, s int) time.Time { return time.Date(2026, 1, 1, 0, m, s, 0, time.UTC) }
	for _, c := range []struct {
		name   string
		o      *object.Object
		now    time.Time
		recent time.Time // zero: none
		missed int64
		wait   time.Duration
	}{
		{"before the first", cj("", nil), at(0, 50), time.Time{}, 0, 10*time.Second + nextScheduleDelta},
		{"at the first", cj("", nil), at(1, 0), at(1, 0), 1, time.Minute + nextScheduleDelta},
		{"three missed", cj("", nil), at(3, 20), at(3, 0), 3, 40*time.Second + nextScheduleDelta},
		{"met already", cj("2026-01-01T00:03:00Z", nil), at(3, 20), time.Time{}, 0, 40*time.Second + nextScheduleDelta},
		{"a deadline moves the start", cj("", int64(30)), at(3, 20), at(3, 0), 1, 40*time.Second + nextScheduleDelta},
	} {
		_, recent, missed, err := mostRecentScheduleTime(c.o, c.now, sched, true)
		if err != nil || (recent == nil) != c.recent.IsZero() || (recent != nil && !recent.Equal(c.recent)) || missed != c.missed {
			t.Errorf("%s: recent %v missed %d err %v; want %v, %d", c.name, recent, missed, err, c.recent, c.missed)
		}
		if got := nextScheduleTimeDuration(c.o, c.now, sched); got != c.wait {
			t.Errorf("%s: wait %s, want %s", c.name, got, c.wait)
		}
	}
}
