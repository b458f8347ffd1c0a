package kubectl

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/diag"
)

// Source returns the objects of a kind ("Pod", "Node", "Event") in a
// namespace; namespace "" asks for every namespace, and is what a
// cluster-scoped kind is asked with. Order does not matter: printers sort
// by namespace and name, as the API lists them.
type Source func(kind, namespace string) []*object.Object

// Env is what a command is run against.
type Env struct {
	// Objects reads the state; required.
	Objects Source
	// Now is the virtual instant ages are measured at.
	Now sim.Time
	// Namespace is the namespace of commands that name none; default
	// "default", as in a kubeconfig context without one.
	Namespace string
	// Logs returns a container's log, for `kubectl logs`; nil makes
	// logs an error.
	Logs func(namespace, pod, container string) (string, error)
	// Kinds, when not nil, resolves a resource word the tables here do
	// not know to a kind the API server serves (custom resources
	// included), which `get` then prints with its default table.
	Kinds func(word string) (*object.KindInfo, error)
}

// Run runs a command with the default namespace. See Env.Run.
func Run(args []string, objects Source, now sim.Time) (string, error) {
	return Env{Objects: objects, Now: now}.Run(args)
}

// RunLine splits a command line on white space, drops a leading
// "kubectl", and runs it.
func (e Env) RunLine(line string) (string, error) {
	args := strings.Fields(line)
	if len(args) > 0 && args[0] == "kubectl" {
		args = args[1:]
	}
	return e.Run(args)
}

// Run runs one kubectl command given as its words after "kubectl":
//
//	get RESOURCE [NAME…] [-o wide|yaml] [-n NS] [-A] [-l k=v,…]
//	describe RESOURCE [NAME…] [-n NS] [--show-events[=BOOL]]
//	                    (pods, nodes, deployments, replicasets,
//	                    statefulsets, daemonsets, jobs, services,
//	                    resourcequotas, limitranges)
//	logs [pod/]NAME [-c CONTAINER] [-n NS]
//
// RESOURCE is a name kubectl knows (pod, pods, po, deploy, rs, sts, no, svc,
// endpointslices, ev), or RESOURCE/NAME; a NAME of the form NS/NAME sets
// the namespace. It returns what kubectl prints, errors from the server
// included (`Error from server (NotFound): pods "x" not found`), and an
// error for a command kubectl would refuse before calling the server.
func (e Env) Run(args []string) (string, error) {
	c, err := parse(args)
	if err != nil {
		return "", err
	}
	if c.namespace == "" {
		c.namespace = e.Namespace
	}
	if c.namespace == "" {
		c.namespace = "default"
	}
	if e.Objects == nil {
		return "", errors.New("kubectl: no objects to read")
	}
	switch c.verb {
	case "get":
		return e.get(c)
	case "describe":
		return e.describe(c)
	case "logs":
		return e.logs(c)
	}
	return "", fmt.Errorf("unknown command %q for \"kubectl\"%s", c.verb, hint(c.verb, []string{"get", "describe", "logs"}))
}

// hint is "; did you mean …?" or "".
func hint(word string, valid []string) string {
	if h := diag.DidYouMean(word, valid); h != "" {
		return "; " + h
	}
	return ""
}

// fetch returns the objects of r a command names, and the errors kubectl
// prints for names that do not exist.
func (e Env) fetch(r *resource, c *command) (objs []*object.Object, missing []string) {
	ns := c.namespace
	if !r.namespaced || c.all {
		ns = ""
	}
	all := sorted(e.Objects(r.kind, ns))
	if len(c.names) == 0 {
		for _, o := range all {
			if c.selects(o) {
				objs = append(objs, o)
			}
		}
		return objs, nil
	}
	for _, n := range c.names {
		i := slices.IndexFunc(all, func(o *object.Object) bool { return o.Meta.Name == n })
		if i < 0 {
			missing = append(missing, fmt.Sprintf("Error from server (NotFound): %s %q not found\n", r.plural, n))
			continue
		}
		objs = append(objs, all[i])
	}
	return objs, missing
}

// sorted returns objs by namespace and name, as the API lists them.
func sorted(objs []*object.Object) []*object.Object {
	out := slices.Clone(objs)
	slices.SortStableFunc(out, func(a, b *object.Object) int {
		if c := strings.Compare(a.Meta.Namespace, b.Meta.Namespace); c != 0 {
			return c
		}
		return strings.Compare(a.Meta.Name, b.Meta.Name)
	})
	return out
}

// noResources is what kubectl prints for an empty list (get.go).
func noResources(r *resource, c *command) string {
	if r.namespaced && !c.all {
		return fmt.Sprintf("No resources found in %s namespace.\n", c.namespace)
	}
	return "No resources found\n"
}
