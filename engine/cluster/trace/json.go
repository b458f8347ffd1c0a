package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// WriteJSON writes the log as a JSON array, one event per line. Fields
// appear in a fixed order and empty ones are omitted, so equal logs give
// equal bytes.
func (l *Log) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriter(w)
	if l.n == 0 {
		bw.WriteString("[]\n")
		return bw.Flush()
	}
	bw.WriteString("[\n")
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for i := range l.n {
		buf.Reset()
		if err := enc.Encode(l.At(i).withChangeResolved()); err != nil {
			return fmt.Errorf("trace: event %d: %w", i, err)
		}
		line := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		bw.Write(line)
		if i < l.n-1 {
			bw.WriteByte(',')
		}
		bw.WriteByte('\n')
	}
	bw.WriteString("]\n")
	return bw.Flush()
}

// ReadJSON reads a log written by WriteJSON. Unknown fields, unknown verbs
// and events out of sequence are errors.
func ReadJSON(r io.Reader) (*Log, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var events []Event
	if err := dec.Decode(&events); err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	l := NewLog()
	for i, e := range events {
		if e.Seq != i {
			return nil, fmt.Errorf("trace: event %d has seq %d", i, e.Seq)
		}
		l.Append(e)
	}
	return l, nil
}
