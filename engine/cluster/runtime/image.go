package runtime

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/env"
)

// Image is how the containers of one image behave. Durations are virtual
// time. DefaultImage gives the lesson format's defaults for an image the
// fixture does not describe: pull 2 s, start 1 s, listen at once and answer
// HTTP 200 on every path (so every probe passes), never exit.
type Image struct {
	// PullDuration is how long a pull of the image takes when the node
	// does not have it yet.
	PullDuration time.Duration
	// PullFails makes every pull fail as a pull of a tag the registry
	// does not have fails (the fixture's `pull: fail`).
	PullFails bool
	// StartDuration is how long StartContainer takes.
	StartDuration time.Duration
	// ReadyAfter is how long after it started the container begins to
	// listen: before that, HTTP, TCP and gRPC probes and data-plane
	// requests are refused, so readiness probes fail.
	ReadyAfter time.Duration
	// Exits says the process exits by itself, ExitAfter after it started,
	// with ExitCode (the fixture's exitAfter and exitCode).
	Exits     bool
	ExitAfter time.Duration
	ExitCode  int
	// OOMKilled makes that exit a kill by the kernel's OOM killer: exit
	// code 137, reason OOMKilled.
	OOMKilled bool
	// StopDuration is how long the process takes to exit after SIGTERM
	// (exit code 0). A process still running when StopContainer's timeout
	// runs out is killed with SIGKILL (exit code 137).
	StopDuration time.Duration
	// Logs are the lines the container writes when it starts.
	Logs []string
	// HTTP answers requests by path; a path it does not name gets the
	// answer under "*", else 200 "OK".
	HTTP map[string]HTTPAnswer
	// Exec answers commands run in the container (kubectl exec, exec
	// probes), by the command's words joined with spaces; commands it does
	// not name are run by the built-in shell (see ExecSync).
	Exec map[string]ExecAnswer
	// CPUMillis is the container's CPU usage, for metrics.
	CPUMillis int64
	// SizeBytes is the image's size, as the node status reports it.
	SizeBytes int64
}

// HTTPAnswer is a container's answer to one HTTP path.
type HTTPAnswer struct {
	Status int // 0 means 200
	Body   string
}

// ExecAnswer is a command's output and exit code.
type ExecAnswer struct {
	Stdout   string
	ExitCode int
}

// DefaultImageSize is the size reported for an image that names none
// (illustrative).
const DefaultImageSize = 52_428_800

// DefaultImage returns the behaviour of an image the fixture does not
// describe, with the pull and start latencies of t (the model's
// illustrative ImagePull and ContainerStart).
func DefaultImage(t env.Timings) Image {
	return Image{PullDuration: t.ImagePull, StartDuration: t.ContainerStart, SizeBytes: DefaultImageSize}
}

// answer returns the HTTP answer for path.
func (im *Image) answer(path string) HTTPAnswer {
	a, ok := im.HTTP[path]
	if !ok {
		a, ok = im.HTTP["*"]
	}
	if !ok {
		return HTTPAnswer{Status: 200, Body: "OK"}
	}
	if a.Status == 0 {
		a.Status = 200
	}
	return a
}

// Catalogue is the images a cluster knows how to run: the fixture's
// images by name, and the behaviour of every other image.
type Catalogue struct {
	// Default is the behaviour of images not in Images.
	Default Image
	// Images are keyed by the name a Pod spec uses ("web:v1") or by the
	// normalized reference ("docker.io/library/web:v1").
	Images map[string]Image
}

// NewCatalogue returns a catalogue whose unnamed images behave as
// DefaultImage(t).
func NewCatalogue(t env.Timings) *Catalogue {
	return &Catalogue{Default: DefaultImage(t), Images: map[string]Image{}}
}

// Lookup returns the behaviour of image, as written in a Pod spec.
func (c *Catalogue) Lookup(image string) *Image {
	if im, ok := c.Images[image]; ok {
		return &im
	}
	if im, ok := c.Images[Normalize(image)]; ok {
		return &im
	}
	d := c.Default
	return &d
}
