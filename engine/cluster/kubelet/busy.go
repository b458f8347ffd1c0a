package kubelet

// Busy reports whether the kubelet, or its node's runtime, has work in
// flight that will show without anything else happening: an image pull, a
// container starting, stopping or not yet listening (runtime.Busy), or a
// probe that has more to say (a container waiting for its first probe, a
// process that began to listen since the last probe, a run of results
// heading for the threshold that changes what the kubelet reports).
// Settling a cluster waits while a kubelet is busy (cluster.Settle).
func (k *Kubelet) Busy() bool {
	if k.rt.Busy() {
		return true
	}
	l := k.l
	if l == nil || l.stopped {
		return false
	}
	// Map order does not matter: the answer is one bit.
	for _, pw := range l.probes.workers {
		if pw.unsettled(k.rt) {
			return true
		}
	}
	return false
}
