package audit

import (
	"encoding/json"
	"strings"
)

// Log is the log backend's file: every event written, in order. The API
// server appends; readers filter.
type Log struct {
	events []Event
}

// Append writes a copy of ev.
func (l *Log) Append(ev *Event) {
	c := *ev
	if ev.ObjectRef != nil {
		ref := *ev.ObjectRef
		c.ObjectRef = &ref
	}
	if ev.ResponseStatus != nil {
		st := *ev.ResponseStatus
		c.ResponseStatus = &st
	}
	if ev.Annotations != nil {
		c.Annotations = make(map[string]string, len(ev.Annotations))
		for k, v := range ev.Annotations {
			c.Annotations[k] = v
		}
	}
	l.events = append(l.events, c)
}

// Len is the number of events written.
func (l *Log) Len() int {
	if l == nil {
		return 0
	}
	return len(l.events)
}

// Events returns the events written, oldest first. The slice is the log's
// own: callers must not change it.
func (l *Log) Events() []Event {
	if l == nil {
		return nil
	}
	return l.events
}

// Lines returns the events keep accepts as the log file holds them: one
// JSON object a line, each line ending in a newline.
func (l *Log) Lines(keep func(*Event) bool) string {
	var b strings.Builder
	for i := range l.Events() {
		ev := &l.events[i]
		if keep != nil && !keep(ev) {
			continue
		}
		line, err := json.Marshal(ev)
		if err != nil {
			continue // every field encodes; unreachable
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}
