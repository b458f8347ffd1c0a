package object

import (
	"sync/atomic"
	"time"
)

// timeText is a timestamp's FormatTime text, also boxed as a tree value.
type timeText struct {
	unix  int64
	text  string
	value any
}

// lastTimeText is the last timestamp formatted. Objects are created at a
// few virtual instants and their metadata is rendered again at every
// write, so the next timestamp is most often the same one (five calls in
// six in a lesson). The text depends on the Unix second alone (UTC, whole
// seconds), an entry is never changed once stored, and a lost or stale
// entry only costs formatting again, so sharing it between engine runs
// changes no result.
var lastTimeText atomic.Pointer[timeText]

// timeTextOf returns t's FormatTime text, formatting it only when t is not
// the last timestamp formatted.
func timeTextOf(t time.Time) *timeText {
	unix := t.Unix()
	if last := lastTimeText.Load(); last != nil && last.unix == unix {
		return last
	}
	text := formatTimeText(t)
	tt := &timeText{unix: unix, text: text, value: text}
	lastTimeText.Store(tt)
	return tt
}

// timeTreeValue is FormatTime(t) as a tree value.
func timeTreeValue(t time.Time) any { return timeTextOf(t).value }

// formatTimeText is t in RFC 3339 at whole seconds, UTC.
func formatTimeText(t time.Time) string { return formatCanonicalUTC(t, 0, time.RFC3339) }
