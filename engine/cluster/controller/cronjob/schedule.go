package cronjob

import (
	"errors"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/cron"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// mostRecentScheduleTime is mostRecentScheduleTime: the time scheduling
// counts from (lastScheduleTime, else creation, moved up to now minus
// startingDeadlineSeconds with withDeadline), the most recent schedule
// time since then that is not after now (nil for none), and how many
// were missed. The count is job_controller's estimate: the span between
// the next two times, fitted into the time since the first.
func mostRecentScheduleTime(cj *object.Object, now time.Time, sched cron.Schedule, withDeadline bool) (time.Time, *time.Time, int64, error) {
	earliest := cj.Meta.CreationTimestamp
	if t, err := time.Parse(time.RFC3339, object.StringAt(cj.Status(), "lastScheduleTime")); err == nil {
		earliest = t
	}
	if sds, ok := object.Int(cj.Spec()["startingDeadlineSeconds"]); ok && withDeadline {
		if deadline := now.Add(-time.Duration(sds) * time.Second); deadline.After(earliest) {
			earliest = deadline
		}
	}
	t1 := sched.Next(earliest)
	t2 := sched.Next(t1)
	if now.Before(t1) {
		return earliest, nil, 0, nil
	}
	if now.Before(t2) {
		return earliest, &t1, 1, nil
	}
	between := int64(t2.Sub(t1).Round(time.Second).Seconds())
	if between < 1 {
		return earliest, nil, 0, errors.New("time difference between two schedules is less than 1 second")
	}
	missed := int64(now.Sub(t1).Seconds())/between + 1
	recent := time.Unix(t1.Unix()+(missed-1)*between, 0).UTC()
	return earliest, &recent, missed, nil
}

// nextScheduleTime is nextScheduleTime: the schedule time to make a Job
// for now, if any; more than 100 missed ones get a warning.
func (jm *Controller) nextScheduleTime(s *state, now time.Time, sched cron.Schedule) (*time.Time, error) {
	cj := &object.Object{Meta: s.cj.Meta, Content: map[string]any{"spec": s.cj.Spec(), "status": s.status}}
	_, recent, missed, err := mostRecentScheduleTime(cj, now, sched, true)
	if recent == nil || recent.After(now) {
		return nil, err
	}
	if missed > 100 {
		jm.Recorder.Eventf(s.cj, record.Warning, "TooManyMissedTimes", "too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew")
	}
	return recent, err
}

// nextScheduleTimeDuration is nextScheduleTimeDuration: how long until the
// schedule time after the most recent one, plus nextScheduleDelta.
func nextScheduleTimeDuration(cj *object.Object, now time.Time, sched cron.Schedule) time.Duration {
	earliest, recent, _, err := mostRecentScheduleTime(cj, now, sched, false)
	switch {
	case err != nil:
		recent = &now
	case recent == nil:
		recent = &earliest
	}
	return sched.Next(*recent).Add(nextScheduleDelta).Sub(now)
}
