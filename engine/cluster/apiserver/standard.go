package apiserver

import (
	"slices"
	"sync"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/admission"
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver/watchcache"
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/flowcontrol"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// DefaultServiceTime is how long a request holds its API Priority and
// Fairness seats in the model. Illustrative: the model's choice.
const DefaultServiceTime = 5 * time.Millisecond

// bootstrapPolicy is auth.BootstrapObjects, built and defaulted once per
// process: the policy is the same for every plane, which stores it as
// Config.SharedBootstrap, sharing its content read-only, and so are its
// roles' compiled rules (auth.ShareRules).
var bootstrapPolicy = sync.OnceValue(func() []*object.Object {
	objs := auth.BootstrapObjects()
	reg := object.NewBuiltinRegistry()
	for _, o := range objs {
		if k, ok := reg.For(o); ok && k.Default != nil {
			k.Default(o)
		}
	}
	auth.ShareRules(objs)
	return objs
})

// Standard are the choices NewStandard takes; the zero Standard is a
// cluster with no fixture users and no reachable webhook.
type Standard struct {
	// Users are the fixture's users, authenticated by token.
	Users []auth.User
	// AnonymousDisabled is --anonymous-auth=false.
	AnonymousDisabled bool
	// Webhooks delivers AdmissionReviews to webhook actors; nil answers
	// every call with "no endpoints available for service".
	Webhooks admission.Caller
	// FlowControl configures API Priority and Fairness; the zero value is
	// the bootstrap configuration with kube-apiserver's default limits.
	FlowControl flowcontrol.Config
	// ServiceTime is how long a request holds its seats; nil means
	// DefaultServiceTime for every request.
	ServiceTime func(info api.RequestInfo) time.Duration
}

// NewStandard is New with kube-apiserver's default parts, reading the
// plane's own storage through its watch caches:
//
//   - authentication: auth.Authenticator with std.Users, node and
//     ServiceAccount tokens, and anonymous access (unless disabled);
//   - authorization: --authorization-mode=Node,RBAC (auth.NewDefaultAuthorizer),
//     the Node authorizer following the Pods bound to each node;
//   - admission: the default plugins in kube-apiserver's order
//     (NamespaceLifecycle, ServiceAccount, Priority, DefaultTolerationSeconds,
//     the webhooks) plus NodeRestriction, as kubeadm enables it; the chain
//     records its own ADMIT and WEBHOOK events;
//   - API Priority and Fairness per replica (flowcontrol), with the
//     replica's object and watcher counts for the work estimate;
//   - the bootstrap RBAC policy (auth.BootstrapObjects) written at start,
//     before cfg.Bootstrap.
//
// Fields of cfg that are set are kept (a test may replace the authorizer).
// It returns the authenticator too, which issues node and ServiceAccount
// tokens.
func NewStandard(cfg Config, std Standard) (*Plane, *auth.Authenticator, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, nil, err
	}
	l := &lookups{}
	authn, err := auth.NewAuthenticator(auth.Config{
		Users: std.Users, AnonymousDisabled: std.AnonymousDisabled,
		Now: cfg.Loop.Now, Rand: cfg.Rand,
		ServiceAccounts: l.ServiceAccount,
		Pods:            l.pod,
	})
	if err != nil {
		return nil, nil, err
	}
	if cfg.Authenticator == nil {
		cfg.Authenticator = authn
	}
	if cfg.Authorizer == nil {
		cfg.Authorizer = auth.NewDefaultAuthorizer(l, l)
	}
	if cfg.Admission == nil {
		cfg.Admission = standardAdmission(cfg, std, l)
		cfg.AdmissionTraced = true
	}
	if cfg.NewPrioritizer == nil {
		cfg.NewPrioritizer = func(replica trace.Actor) Prioritizer { return newFlowControl(l, replica, std) }
	}
	cfg.SharedBootstrap = slices.Concat(bootstrapPolicy(), cfg.SharedBootstrap)
	l.p = &Plane{cfg: cfg} // until New returns: no replica, so the store answers
	pods, _ := cfg.Registry.ByResource("", "pods")
	if l.nodes, err = newNodeIndex(cfg.Store, keyPrefix(pods)); err != nil {
		return nil, nil, err
	}
	p, err := New(cfg)
	if err != nil {
		return nil, nil, err
	}
	l.p = p
	return p, authn, nil
}

// standardAdmission builds the default chain with LimitRanger,
// NodeRestriction, DefaultStorageClass, StorageObjectInUseProtection,
// PersistentVolumeClaimResize and ResourceQuota.
func standardAdmission(cfg Config, std Standard, l *lookups) *admission.Chain {
	caller := std.Webhooks
	if caller == nil {
		caller = admission.CallerFunc(func(t admission.Target, _ *admission.Review) (*admission.ReviewResponse, error) {
			return nil, admission.NoEndpoints(string(t.Actor()))
		})
	}
	acfg := admission.Config{Log: cfg.Trace, Now: cfg.Loop.Now}
	wo := admission.WebhookOptions{Configs: l, Namespaces: l, Caller: caller, NewUID: admission.UIDFunc(cfg.Rand), Registry: cfg.Registry}
	return admission.NewChain(acfg, admission.SortPlugins([]api.AdmissionPlugin{
		admission.NewNamespaceLifecycle(l),
		admission.NewLimitRanger(l),
		admission.NewServiceAccount(l, admission.GenerateNameFunc(cfg.Rand)),
		admission.NewPriority(nil),
		admission.NewDefaultTolerationSeconds(),
		admission.NewDefaultIngressClass(l),
		admission.NewDefaultStorageClass(l),
		admission.NewStorageObjectInUseProtection(),
		&auth.NodeRestriction{Pods: l.pod, Nodes: l.node},
		admission.NewPersistentVolumeClaimResize(l),
		admission.NewMutatingWebhook(acfg, wo),
		admission.NewValidatingWebhook(acfg, wo),
		admission.NewResourceQuota(l, func() time.Time { return cfg.Loop.Now().Wall() }),
	})...)
}

// flowControl adapts a replica's flowcontrol.Controller to Prioritizer.
type flowControl struct {
	c       *flowcontrol.Controller
	service func(api.RequestInfo) time.Duration
}

func newFlowControl(l *lookups, replica trace.Actor, std Standard) *flowControl {
	fc := std.FlowControl
	if fc.ObjectCount == nil {
		fc.ObjectCount = func(gr api.GroupResource) (int64, bool) {
			if s := l.p.Server(replica); s != nil {
				if c := s.caches[cacheKey{gr.Group, gr.Resource}]; c != nil && c.ready {
					return int64(c.c.Len()), true
				}
			}
			return 0, false
		}
	}
	if fc.WatchCount == nil {
		fc.WatchCount = (&watchCounter{l: l, replica: replica}).count
	}
	service := std.ServiceTime
	if service == nil {
		service = func(api.RequestInfo) time.Duration { return DefaultServiceTime }
	}
	return &flowControl{c: flowcontrol.New(fc), service: service}
}

// Prioritize classifies and admits a request.
func (f *flowControl) Prioritize(now sim.Time, user *api.UserInfo, info api.RequestInfo) Priority {
	d := f.c.Admit(now, user, info, f.service(info))
	if d.LongRunning {
		return Priority{}
	}
	p := Priority{Schema: d.Schema, Level: d.Level, Wait: d.Wait}
	if d.Rejected {
		p.Rejected = d.Status
	}
	return p
}

// watchCounter counts the watches a write concerns, for priority and
// fairness' work estimate (flowcontrol.Config.WatchCount), from a
// replica's watch cache of the resource. The cache of the last resource
// asked about is kept until the plane's caches may have changed
// (cacheEpoch): a run's writes come in runs of one resource.
type watchCounter struct {
	l       *lookups
	replica trace.Actor

	looked          bool
	epoch           uint64
	group, resource string
	c               *watchcache.Cacher // nil: no cache
}

// count is flowcontrol.Config.WatchCount.
func (w *watchCounter) count(info api.RequestInfo) int {
	p := w.l.p
	if !w.looked || w.epoch != p.cacheEpoch || w.group != info.APIGroup || w.resource != info.Resource {
		w.looked, w.epoch, w.group, w.resource, w.c = true, p.cacheEpoch, info.APIGroup, info.Resource, nil
		if s := p.Server(w.replica); s != nil {
			if c := s.caches[cacheKey{info.APIGroup, info.Resource}]; c != nil {
				w.c = c.c
			}
		}
	}
	if w.c == nil {
		return 0
	}
	return w.c.InterestedWatchers(info.Namespace, info.Name)
}
