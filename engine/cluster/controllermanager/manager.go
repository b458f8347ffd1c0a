package controllermanager

import (
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/leaderelection"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Manager is one kube-controller-manager replica. It is used from the
// loop's goroutine only.
type Manager struct {
	env     *env.Env
	cfg     Config
	running bool
	proc    *process
}

// process is one run of the process: what a restart forgets.
type process struct {
	identity string
	// leClient writes the Lease; informers read through their own
	// connection (client-go's "leader-election" and "shared-informers"
	// clients, both with the process's credential).
	leClient *client.Client
	// events records the process's LeaderElection Events, through
	// leClient (the process's Event broadcaster).
	events  *record.Recorder
	elector *leaderelection.Elector
	term    *term // nil on standby
}

var _ env.Actor = (*Manager)(nil)

// New returns a replica, not started.
func New(e *env.Env, cfg Config) *Manager {
	if cfg.Name == "" {
		cfg.Name = Actor
	}
	if cfg.Hostname == "" {
		cfg.Hostname = string(cfg.Name)
	}
	return &Manager{env: e, cfg: cfg}
}

// Name is the replica's actor.
func (m *Manager) Name() trace.Actor { return m.cfg.Name }

// Running reports whether the process is up.
func (m *Manager) Running() bool { return m.running }

// Start starts the process: it campaigns for the Lease at once.
func (m *Manager) Start() {
	if m.running {
		return
	}
	m.running = true
	m.startProcess()
}

// Stop kills the process: controllers, informers and Lease tries end at
// once; the Lease is left to expire.
func (m *Manager) Stop() {
	if !m.running {
		return
	}
	m.running = false
	p := m.proc
	m.proc = nil
	p.elector.Stop()
	m.stopTerm(p)
	p.leClient.Stop()
	p.events.Stop()
}

// Leading reports whether this replica leads and runs its controllers.
func (m *Manager) Leading() bool { return m.proc != nil && m.proc.term != nil }

// Identity is the current process's holder identity, "" when stopped.
func (m *Manager) Identity() string {
	if m.proc == nil {
		return ""
	}
	return m.proc.identity
}

// Informers returns the shared informer factory of the current
// leadership term, nil when not leading.
func (m *Manager) Informers() *cache.Factory {
	if !m.Leading() {
		return nil
	}
	return m.proc.term.factory
}

// startProcess draws a new identity and campaigns.
func (m *Manager) startProcess() {
	p := &process{
		identity: leaderelection.NewIdentity(m.cfg.Hostname, m.env.Rand),
		leClient: m.env.Client(m.cfg.Name, m.cfg.Token),
	}
	// The Event source is the component's user agent
	// (KubeControllerManagerUserAgent), with no host.
	p.events = record.New(p.leClient, m.env.Kinds, "kube-controller-manager", "")
	el, err := leaderelection.New(m.env, p.leClient, leaderelection.Config{
		Name:          LeaseName,
		Identity:      p.identity,
		EventRecorder: p.events,
		LeaseDuration: m.env.Timings.LeaseDuration,
		RenewDeadline: m.env.Timings.RenewDeadline,
		RetryPeriod:   m.env.Timings.RetryPeriod,
		Callbacks: leaderelection.Callbacks{
			OnStartedLeading: func() { m.startTerm(p) },
			OnStoppedLeading: func() { m.stoppedLeading(p) },
		},
	})
	if err != nil {
		// Fixtures' timings are checked where they are read; a bad one
		// here is a programming error, as RunOrDie panics on it.
		panic("controllermanager: " + err.Error())
	}
	p.elector = el
	m.proc = p
	el.Run()
}

// stoppedLeading is OnStoppedLeading. When the process is being killed
// there is nothing more to do. Otherwise leadership was lost: the
// controllers stop, and the process exits and is restarted at once.
func (m *Manager) stoppedLeading(p *process) {
	if m.proc != p || !m.running {
		return
	}
	m.stopTerm(p)
	p.leClient.Stop()
	p.events.Stop()
	m.startProcess()
}
