// Package controllermanager is kube-controller-manager: one replica of the
// process that hosts the controllers, leader-elected through the
// kube-system/kube-controller-manager Lease so that only one replica
// reconciles (cmd/kube-controller-manager/app/controllermanager.go, Run).
//
// A Manager is an env.Actor. Start is the process starting: it draws its
// identity (HOSTNAME_<uuid>) and campaigns for the Lease with
// leaderelection's defaults (15 s lease, 10 s renew deadline, 2 s retry).
// While it waits it is a standby: it reads the Lease and nothing else; it
// has no informers and runs no controller. When it acquires the Lease it
// does what kube-controller-manager's run does on OnStartedLeading:
//
//   - builds a shared informer factory that lists and watches as
//     system:kube-controller-manager (the process's own credential), with
//     a default resync of MinResyncPeriod (12 h) times a random factor in
//     [1, 2) (ResyncPeriod);
//   - builds every controller the assembly registered, fresh, and starts
//     each with a controller.Context whose ClientFor gives the controller a
//     client of its own ServiceAccount in kube-system, as
//     --use-service-account-credentials does (kubeadm's setting);
//   - starts the informers.
//
// Stop is the process being killed (`kill controller-manager`): its
// controllers, informers, Lease tries and retries end at once, and the
// Lease is not released (ReleaseOnCancel is off by default), so a standby
// takes over once the Lease has expired as the standby measures it: the
// first of its tries at or after the instant it last observed the record
// change plus 15 s, that is within LeaseDuration + RetryPeriod·(1 +
// JitterFactor) of the last renewal it saw.
//
// A leader whose renewal passes the renew deadline (every API server
// stopped, etcd broken) stops its controllers and informers at that
// instant. kube-controller-manager then exits (OnStoppedLeading calls
// klog.FlushAndExit) and its kubelet restarts the static Pod; the model
// restarts the process at once, with a new identity, which campaigns
// again like any standby. The kubelet's restart delay is not modelled.
//
// Simplifications: the process does not wait for /healthz before building
// its controllers (WaitForAPIServer), controllers start without the start
// jitter (ControllerStartInterval is 0 by default, so Jitter(0, 1.0) is 0),
// and there is no metadata-only informer factory: the garbage collector
// shares the full informers.
package controllermanager
