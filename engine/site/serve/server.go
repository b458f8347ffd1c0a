package serve

import (
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/loopbook/loopbook/engine/site"
)

// debounce is how long the watcher waits after the last change of a burst
// before it rebuilds.
const debounce = 100 * time.Millisecond

// Server is a preview server for one site. Its handler may serve any number
// of requests at once while a rebuild runs; rebuilds themselves run one at
// a time.
type Server struct {
	opts    Options
	title   string
	builder *site.Builder
	events  *broker

	buildMu sync.Mutex // held for the whole of a build

	mu   sync.RWMutex
	good *site.Output // the last successful build; nil before the first
	err  error        // the error of the latest build; nil after a success

	// debounce is the quiet time Watch waits for; watching is closed once
	// Watch has registered every folder (tests wait on it).
	debounce  time.Duration
	watching  chan struct{}
	watchOnce sync.Once

	closeOnce sync.Once
	done      chan struct{}
}

// New checks that the site folder exists and builds the site once. A build
// that fails is not an error of New: it is printed, and the server shows it
// on every page until a rebuild succeeds.
func New(o Options) (*Server, error) {
	o = o.withDefaults()
	info, err := os.Stat(o.Source)
	if err != nil {
		return nil, fmt.Errorf("serve: site folder: %w", err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("serve: site folder %s is not a folder", o.Source)
	}
	s := &Server{
		opts: o,
		builder: site.NewBuilder(site.Options{
			Source: o.Source, BaseURL: o.BaseURL, Drafts: o.Drafts,
			Minify: false, Registry: o.Registry, Book: o.Book,
		}),
		events:   newBroker(),
		debounce: debounce,
		watching: make(chan struct{}),
		done:     make(chan struct{}),
	}
	s.build("built")
	s.title = siteTitle(o.Source)
	return s, nil
}

// Close ends every open event stream. The handler keeps answering ordinary
// requests; Close is safe to call more than once.
func (s *Server) Close() {
	s.closeOnce.Do(func() { close(s.done) })
}

// state returns the last good build (nil if none) and the latest error.
func (s *Server) state() (*site.Output, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.good, s.err
}

// siteTitle is the title from loopbook.yaml, or "the site" when it cannot
// be read.
func siteTitle(dir string) string {
	if c, err := site.LoadConfig(dir); err == nil && c.Title != "" {
		return c.Title
	}
	return "the site"
}
