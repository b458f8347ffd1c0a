package cron

import "time"

// SpecSchedule is a schedule of fields, each a bit set of the values it
// allows (bit 63: written * or ?).
type SpecSchedule struct {
	Second, Minute, Hour, Dom, Month, Dow uint64
	Location                              *time.Location
}

// Next is SpecSchedule.Next: it moves t up field by field, from the month
// down, until every field matches, in the schedule's location; the zero
// time when nothing matches within five years.
func (s *SpecSchedule) Next(t time.Time) time.Time {
	orig := t.Location()
	t = t.In(s.Location)
	// Start at the next whole second.
	t = t.Add(time.Second - time.Duration(t.Nanosecond()))
	added := false
	limit := t.Year() + 5
wrap:
	if t.Year() > limit {
		return time.Time{}
	}
	for 1<<uint(t.Month())&s.Month == 0 {
		if !added {
			added = true
			t = time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, s.Location)
		}
		t = t.AddDate(0, 1, 0)
		if t.Month() == time.January {
			goto wrap
		}
	}
	for !dayMatches(s, t) {
		if !added {
			added = true
			t = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, s.Location)
		}
		t = t.AddDate(0, 0, 1)
		if t.Hour() != 0 { // a daylight-saving jump
			if t.Hour() > 12 {
				t = t.Add(time.Duration(24-t.Hour()) * time.Hour)
			} else {
				t = t.Add(time.Duration(-t.Hour()) * time.Hour)
			}
		}
		if t.Day() == 1 {
			goto wrap
		}
	}
	for 1<<uint(t.Hour())&s.Hour == 0 {
		if !added {
			added = true
			t = time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), 0, 0, 0, s.Location)
		}
		t = t.Add(time.Hour)
		if t.Hour() == 0 {
			goto wrap
		}
	}
	for 1<<uint(t.Minute())&s.Minute == 0 {
		if !added {
			added = true
			t = t.Truncate(time.Minute)
		}
		t = t.Add(time.Minute)
		if t.Minute() == 0 {
			goto wrap
		}
	}
	for 1<<uint(t.Second())&s.Second == 0 {
		if !added {
			added = true
			t = t.Truncate(time.Second)
		}
		t = t.Add(time.Second)
		if t.Second() == 0 {
			goto wrap
		}
	}
	return t.In(orig)
}

// dayMatches is dayMatches: both day fields must match when either was
// written *, else either one.
func dayMatches(s *SpecSchedule, t time.Time) bool {
	domMatch := 1<<uint(t.Day())&s.Dom > 0
	dowMatch := 1<<uint(t.Weekday())&s.Dow > 0
	if s.Dom&starBit > 0 || s.Dow&starBit > 0 {
		return domMatch && dowMatch
	}
	return domMatch || dowMatch
}

// ConstantDelaySchedule is @every: activations a fixed delay apart, in
// whole seconds, at least one.
type ConstantDelaySchedule struct {
	Delay time.Duration
}

// Every returns the schedule of @every d.
func Every(d time.Duration) ConstantDelaySchedule {
	if d < time.Second {
		d = time.Second
	}
	return ConstantDelaySchedule{Delay: d - time.Duration(d.Nanoseconds())%time.Second}
}

// Next is t plus the delay, on a whole second.
func (c ConstantDelaySchedule) Next(t time.Time) time.Time {
	return t.Add(c.Delay - time.Duration(t.Nanosecond()))
}
