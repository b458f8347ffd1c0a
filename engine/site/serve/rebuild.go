package serve

import (
	"fmt"
	"strings"
	"time"
)

// Rebuild builds the site again and tells open pages about the result.
// changed names the files that changed (slash paths relative to the site
// root), for the terminal only: the builder itself finds which pages need
// converting again by their content, and re-renders navigation everywhere.
//
// On success the new build replaces the served one and a "reload" event is
// sent; on failure the last good build stays, the error is printed to Err
// and sent as an "error" event.
func (s *Server) Rebuild(changed []string) {
	if len(changed) > 0 {
		fmt.Fprintf(s.opts.Out, "changed: %s\n", summarize(changed))
	}
	s.build("rebuilt")
}

// build runs one build and publishes its result; verb starts the progress
// line.
func (s *Server) build(verb string) {
	s.buildMu.Lock()
	defer s.buildMu.Unlock()
	start := time.Now()
	out, err := s.builder.Build()
	ms := time.Since(start).Milliseconds()

	s.mu.Lock()
	if err == nil {
		s.good = out
	}
	s.err = err
	s.mu.Unlock()

	if err != nil {
		fmt.Fprintf(s.opts.Err, "build failed:\n%v\n", err)
		s.events.publish(event{name: eventError, data: err.Error()})
		return
	}
	fmt.Fprintf(s.opts.Out, "%s in %dms (%d pages)\n", verb, ms, out.Pages)
	s.events.publish(event{name: eventReload, data: fmt.Sprintf("%d pages", out.Pages)})
}

// summarize lists up to three changed files and counts the rest.
func summarize(changed []string) string {
	const max = 3
	if len(changed) <= max {
		return strings.Join(changed, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(changed[:max], ", "), len(changed)-max)
}
