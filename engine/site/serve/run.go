package serve

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"
)

// shutdownGrace bounds how long Run waits for requests in flight once it
// is told to stop.
const shutdownGrace = 3 * time.Second

// Run builds the site, listens on o.Bind:o.Port, watches the sources and
// serves until ctx is done or the process gets SIGINT or SIGTERM; stopping
// that way is not an error. It fails when the site folder is missing or the
// address cannot be listened on, never because the site does not build.
func Run(ctx context.Context, o Options) error {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	o = o.withDefaults()
	s, err := New(o)
	if err != nil {
		return err
	}
	defer s.Close()
	ln, err := net.Listen("tcp", o.addr())
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(o.Out, "Serving %s at %s (Ctrl+C to stop)\n", s.title, displayURL(o.Bind, ln.Addr()))

	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	watchCtx, stopWatch := context.WithCancel(ctx)
	defer stopWatch()
	watchErr := make(chan error, 1)
	go func() { watchErr <- s.Watch(watchCtx) }()

	var runErr error
	served, watchDone := false, false
	select {
	case <-ctx.Done():
	case err := <-serveErr:
		served, runErr = true, fmt.Errorf("serve: %w", err)
	case err := <-watchErr:
		watchDone, runErr = true, err
	}
	stopWatch()
	s.Close() // ends the event streams, which would hold Shutdown up
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && runErr == nil {
		runErr = fmt.Errorf("serve: shutdown: %w", err)
	}
	if !served {
		if err := <-serveErr; runErr == nil && !errors.Is(err, http.ErrServerClosed) {
			runErr = fmt.Errorf("serve: %w", err)
		}
	}
	if !watchDone {
		if err := <-watchErr; runErr == nil && err != nil {
			runErr = err
		}
	}
	return runErr
}

// displayURL is the address to open in a browser: the loopback address
// when the server listens on every interface.
func displayURL(bind string, addr net.Addr) string {
	host := bind
	if ip := net.ParseIP(bind); bind == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	port := DefaultPort
	if tcp, ok := addr.(*net.TCPAddr); ok {
		port = tcp.Port
	}
	return "http://" + net.JoinHostPort(host, strconv.Itoa(port)) + "/"
}
