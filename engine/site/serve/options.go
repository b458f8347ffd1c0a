package serve

import (
	"io"
	"net"
	"strconv"

	"github.com/loopbook/loopbook/engine/markdown"
	"github.com/loopbook/loopbook/engine/site"
)

// Default address of the preview server.
const (
	DefaultBind = "127.0.0.1"
	DefaultPort = 1313
)

// Options configure the preview server.
type Options struct {
	Source  string // the site's root folder; default: "."
	BaseURL string // overrides loopbook.yaml's baseURL when set
	Drafts  bool   // include draft pages

	Bind string // interface to listen on; default: 127.0.0.1
	Port int    // port to listen on; default: 1313

	// Registry holds the executable block kinds; nil means none.
	Registry *markdown.Registry
	// Book runs the executable blocks before each rebuild; nil means
	// none.
	Book site.Book

	// Out receives progress ("rebuilt in 12ms (8 pages)"), Err build
	// errors; nil discards.
	Out, Err io.Writer
}

// withDefaults returns o with its zero fields set to their defaults.
func (o Options) withDefaults() Options {
	if o.Source == "" {
		o.Source = "."
	}
	if o.Bind == "" {
		o.Bind = DefaultBind
	}
	if o.Port == 0 {
		o.Port = DefaultPort
	}
	if o.Out == nil {
		o.Out = io.Discard
	}
	if o.Err == nil {
		o.Err = io.Discard
	}
	return o
}

// addr is the address to listen on.
func (o Options) addr() string {
	return net.JoinHostPort(o.Bind, strconv.Itoa(o.Port))
}
