package runtime

// Kill powers the node off (the `kill node` fault): every process ends
// without an exit being recorded, every pending call is dropped (its
// callback is never called), the node's Pod IPs leave the data plane and
// the node's network is marked down. What is on disk stays: pulled images
// and container log files.
func (r *Runtime) Kill() {
	if !r.up {
		return
	}
	r.up = false
	r.epoch++
	r.pullsEnd = 0
	for _, s := range r.sortedSandboxes() {
		for _, c := range s.containers {
			c.startDone, c.stopDone = nil, nil
			c.stopTimers()
		}
		if n := r.cfg.Network; n != nil && s.ip.IsValid() {
			n.RemovePod(s.ipText)
		}
	}
	clear(r.sandboxes)
	clear(r.byPod)
	clear(r.containers)
	r.ipam.reset()
	r.dirty = nil
	clear(r.dirtySet)
	if n := r.cfg.Network; n != nil {
		n.SetNodeDown(r.cfg.Node, true)
	}
}

// Restart powers the node on again after Kill: containerd starts with no
// sandboxes and no containers; images and logs are as they were.
func (r *Runtime) Restart() {
	if r.up {
		return
	}
	r.up = true
	if n := r.cfg.Network; n != nil {
		n.SetNodeDown(r.cfg.Node, false)
	}
}

// Crash makes the running container name of the Pod namespace/pod exit
// with code 1, as a process that crashed (the `crash container` fault).
// It fails when no such container runs.
func (r *Runtime) Crash(namespace, pod, name string) error {
	if !r.up {
		return errDown()
	}
	for _, s := range r.sortedSandboxes() {
		if s.cfg.Namespace != namespace || s.cfg.Name != pod {
			continue
		}
		for _, c := range s.containers {
			if c.cfg.Name == name && c.state == StateRunning {
				c.exit(1, reasonError, "")
				return nil
			}
		}
	}
	return errorf(NotFound, "no running container %q in pod %s/%s", name, namespace, pod)
}
