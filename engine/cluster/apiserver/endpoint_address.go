package apiserver

// Address returns the endpoint's host:port as clients outside the cluster
// dial it (Config.EndpointAddress): the server of their kubeconfig is
// "https://" + Address().
func (e *Endpoint) Address() string { return e.host }
