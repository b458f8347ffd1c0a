package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// eventName is the type of a Server-Sent Event the server sends.
type eventName string

const (
	// eventReload follows every successful build: open pages reload.
	eventReload eventName = "reload"
	// eventError follows every failed build; its data is the error text.
	eventError eventName = "error"
)

// event is one Server-Sent Event; data is sent JSON-encoded on one line.
type event struct {
	name eventName
	data string
}

// write formats e on the wire.
func (e event) write(w http.ResponseWriter) error {
	data, err := json.Marshal(e.data)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.name, data)
	return err
}

// broker fans events out to every open stream. A slow stream never blocks
// a build: it keeps only the latest event it has not read yet, which is all
// a page needs.
type broker struct {
	mu   sync.Mutex
	subs map[chan event]struct{}
	// pending is the error a newly opened stream is told at once, so a page
	// loaded while the build is broken shows the overlay; nil when the
	// latest build succeeded.
	pending *event
}

func newBroker() *broker {
	return &broker{subs: map[chan event]struct{}{}}
}

func (b *broker) publish(e event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending = nil
	if e.name == eventError {
		b.pending = &e
	}
	for ch := range b.subs {
		select {
		case <-ch: // drop the older unread event
		default:
		}
		ch <- e
	}
}

func (b *broker) subscribe() chan event {
	b.mu.Lock()
	defer b.mu.Unlock()
	ch := make(chan event, 1)
	if b.pending != nil {
		ch <- *b.pending
	}
	b.subs[ch] = struct{}{}
	return ch
}

func (b *broker) unsubscribe(ch chan event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.subs, ch)
}

// keepAlive is how often an idle stream sends a comment, so proxies and
// browsers do not drop it.
const keepAlive = 15 * time.Second

// serveEvents streams events until the client goes away or the server is
// closed.
func (s *Server) serveEvents(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	ch := s.events.subscribe()
	defer s.events.unsubscribe(ch)
	// retry tells the browser how soon to reconnect after the server was
	// restarted.
	if _, err := fmt.Fprint(w, "retry: 1000\n\n"); err != nil || rc.Flush() != nil {
		return
	}
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		case e := <-ch:
			if e.write(w) != nil || rc.Flush() != nil {
				return
			}
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		}
	}
}
