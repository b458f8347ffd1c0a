package scenario

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/scenario/kubectl"
)

// kubectlEnv is a kubectl environment reading the session's objects as
// they were right after trace event at, at the virtual instant of that
// moment, in namespace ns by default.
func (s *Session) kubectlEnv(at int, ns string) kubectl.Env {
	now := s.Cluster.Now()
	if at >= 0 && at < s.Trace().Len() {
		now = s.Trace().At(at).Time
	}
	return kubectl.Env{
		Objects: func(kind, namespace string) []*object.Object {
			return s.ObjectsAt(kind, namespace, at)
		},
		Now:       now,
		Namespace: ns,
		Kinds:     s.Kind,
	}
}
