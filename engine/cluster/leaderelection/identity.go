package leaderelection

import "github.com/loopbook/loopbook/engine/cluster/sim"

// NewIdentity returns a holderIdentity as kube-controller-manager and
// kube-scheduler build theirs: the host name, "_", and a fresh UUID so
// that two processes on one host never share it
// (cmd/kube-controller-manager/app/controllermanager.go: os.Hostname()
// + "_" + uuid.NewUUID()). The UUID is drawn from the run's seeded
// generator, so a restarted process gets a new identity and the same run
// gets the same ones.
func NewIdentity(hostname string, r *sim.Rand) string {
	return hostname + "_" + r.UUID()
}
