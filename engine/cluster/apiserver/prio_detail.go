package apiserver

import "time"

// prioDetailsLimit bounds a replica's prioDetails: once it holds that many
// details it starts again empty, so that a run queueing requests for ever
// new lengths of time does not grow it without end.
const prioDetailsLimit = 256

// prioDetails keeps the PRIORITIZE details of a replica's requests, by
// flow schema, priority level and time queued. A run's requests fall in a
// handful of schemas and levels, and a flood of one client's requests
// asks for the same detail many times in a row: building the text anew
// costs a concatenation (and a duration's formatting when queued), and
// the look-up of the last one asked for a comparison of two strings.
type prioDetails struct {
	last     prioKey
	lastText string // "" before the first detail
	texts    map[prioKey]string
}

// prioKey is a flow schema, a priority level and the time a request
// waited in its queue (0: not queued).
type prioKey struct {
	schema, level string
	wait          time.Duration
}

// of returns the detail of a request of schema and level that waited
// wait in its queue.
func (m *prioDetails) of(schema, level string, wait time.Duration) string {
	k := prioKey{schema, level, wait}
	if m.lastText != "" && k == m.last {
		return m.lastText
	}
	text, ok := m.texts[k]
	if !ok {
		text = "flow schema " + schema + ", priority level " + level
		if wait > 0 {
			text += ", queued " + wait.String()
		}
		if m.texts == nil || len(m.texts) >= prioDetailsLimit {
			m.texts = map[prioKey]string{}
		}
		m.texts[k] = text
	}
	m.last, m.lastText = k, text
	return text
}
