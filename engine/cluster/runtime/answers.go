package runtime

// answerKey names a container of a Pod by names, so that what it answers
// survives its restarts.
type answerKey struct{ namespace, pod, container string }

// SetAnswer makes container name of the Pod namespace/pod answer path with
// a, instead of what its image answers, from now on and across its
// restarts (a scenario's "the application starts failing its health
// check"). A zero HTTPAnswer with Status -1 restores the image's answer.
func (r *Runtime) SetAnswer(namespace, pod, name, path string, a HTTPAnswer) {
	k := answerKey{namespace, pod, name}
	if a.Status < 0 {
		delete(r.answers[k], path)
		return
	}
	if r.answers == nil {
		r.answers = map[answerKey]map[string]HTTPAnswer{}
	}
	m := r.answers[k]
	if m == nil {
		m = map[string]HTTPAnswer{}
		r.answers[k] = m
	}
	m[path] = a
}

// answer is what c answers on path.
func (c *container) answer(path string) HTTPAnswer {
	if m := c.rt.answers[answerKey{c.sb.cfg.Namespace, c.sb.cfg.Name, c.cfg.Name}]; m != nil {
		if a, ok := m[path]; ok {
			if a.Status == 0 {
				a.Status = 200
			}
			return a
		}
	}
	return c.image.answer(path)
}
