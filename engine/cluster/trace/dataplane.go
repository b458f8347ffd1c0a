package trace

// Pod returns the actor of a Pod on the data plane: the backend that
// answers an HTTP request, or a Pod that sends one
// ("pod/demo/web-7c9d4-x2kqp").
func Pod(namespace, name string) Actor { return Actor("pod/" + namespace + "/" + name) }

// Rules returns the actor of a node's forwarding rules ("rules/worker-a"):
// the target of the SYNC events its service proxy records when it
// programs them.
func Rules(node string) Actor { return Actor("rules/" + node) }
