package endpointslice

// endpointSet is the desired endpoints of one port mapping, by key
// (k8s.io/endpointslice/util endpointset.go, EndpointSet). Kubernetes'
// PopAny takes whichever a map yields; here endpoints come out in the
// order they went in (the Pods' name order), so that runs are
// deterministic.
type endpointSet struct {
	order []string
	byKey map[string]*endpoint
	head  int
}

func newEndpointSet() *endpointSet { return &endpointSet{byKey: map[string]*endpoint{}} }

// insert adds e, replacing an endpoint with the same key in place.
func (s *endpointSet) insert(e endpoint) {
	k := e.key()
	if _, ok := s.byKey[k]; !ok {
		s.order = append(s.order, k)
	}
	s.byKey[k] = &e
}

// get returns the endpoint with e's key, or nil.
func (s *endpointSet) get(e *endpoint) *endpoint { return s.byKey[e.key()] }

func (s *endpointSet) delete(e *endpoint) { delete(s.byKey, e.key()) }

func (s *endpointSet) len() int { return len(s.byKey) }

// pop removes and returns the earliest inserted endpoint still present.
func (s *endpointSet) pop() endpoint {
	for s.head < len(s.order) {
		k := s.order[s.head]
		s.head++
		if e, ok := s.byKey[k]; ok {
			delete(s.byKey, k)
			return *e
		}
	}
	return endpoint{}
}
