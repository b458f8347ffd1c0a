package metricsserver

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Defaults of metrics-server.
const (
	// Name is the actor's name.
	Name trace.Actor = "metrics-server"
	// Resolution is --metric-resolution's default: how often the kubelets
	// are scraped (sigs.k8s.io/metrics-server/cmd/metrics-server/app/options/options.go).
	Resolution = 15 * time.Second
	// APIService is the registration it serves.
	APIService = "v1beta1.metrics.k8s.io"
)

// Server is the metrics-server actor.
type Server struct {
	loop    *sim.Loop
	log     *trace.Log
	src     Source
	running bool
	timer   *sim.Timer
	// pods are the latest scrape's usage, by "namespace/name"; scraped is
	// when each node was last scraped successfully.
	pods  map[string]podPoint
	nodes map[string]nodePoint
}

type podPoint struct {
	usage PodUsage
	node  string
	at    sim.Time
}

type nodePoint struct {
	cpu, memory int64
	at          sim.Time
}

// New returns a stopped metrics-server scraping src.
func New(loop *sim.Loop, log *trace.Log, src Source) *Server {
	return &Server{loop: loop, log: log, src: src}
}

// Name is "metrics-server".
func (s *Server) Name() trace.Actor { return Name }

// Running reports whether the server runs.
func (s *Server) Running() bool { return s.running }

// Start scrapes at once, then every Resolution. A restarted server has
// no metrics until its first scrape.
func (s *Server) Start() {
	if s.running {
		return
	}
	s.running = true
	s.pods, s.nodes = map[string]podPoint{}, map[string]nodePoint{}
	s.scrape()
}

// Stop stops scraping and serving; the metrics held are lost.
func (s *Server) Stop() {
	s.running = false
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	s.pods, s.nodes = nil, nil
}

// scrape collects from every node (scraper.go, Scrape), then schedules
// the next collection.
func (s *Server) scrape() {
	now := s.loop.Now()
	for _, node := range s.src.Nodes() {
		usage, err := s.src.Scrape(node)
		ev := trace.Event{Time: now, From: Name, To: trace.Kubelet(node), Verb: trace.Get, Resource: "nodes",
			Subresource: "metrics/resource", Name: node, Outcome: trace.Outcome{Code: 200}}
		if err != nil {
			ev.Outcome = trace.Outcome{Reason: trace.ReasonServiceUnavailable, Message: err.Error()}
			s.log.Append(ev)
			s.dropNode(node)
			continue
		}
		s.log.Append(ev)
		s.dropNode(node)
		var cpu, mem int64
		for _, p := range usage {
			s.pods[p.Namespace+"/"+p.Name] = podPoint{usage: p, node: node, at: now}
			for _, c := range p.Containers {
				cpu += c.CPUMillis
				mem += c.MemoryBytes
			}
		}
		s.nodes[node] = nodePoint{cpu: cpu, memory: mem, at: now}
	}
	s.timer = s.loop.After(Resolution, s.scrape)
}

// dropNode forgets a node's previous points: a Pod gone from its kubelet
// has no metrics.
func (s *Server) dropNode(node string) {
	for k, p := range s.pods {
		if p.node == node {
			delete(s.pods, k)
		}
	}
	delete(s.nodes, node)
}
