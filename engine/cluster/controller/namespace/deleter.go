package namespace

import (
	"errors"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// delete is namespacedResourcesDeleter.Delete: read the namespace, make
// sure it is Terminating, delete its content, and finalize it once none
// is left.
func (c *Controller) delete(name string) error {
	ns, err := client.Shared(c.client.Do(client.GetRequest(c.nsKind, "", name), nil))
	if err != nil {
		if api.IsReason(err, api.ReasonNotFound) {
			return nil
		}
		return err
	}
	if ns.Meta.DeletionTimestamp == nil {
		return nil
	}
	ns, err = c.retryOnConflict(ns.DeepCopy(), c.markTerminating)
	if err != nil {
		if api.IsReason(err, api.ReasonNotFound) {
			return nil
		}
		return err
	}
	if ns.Meta.DeletionTimestamp == nil || len(specFinalizers(ns)) == 0 {
		return nil
	}
	estimate, err := c.deleteAllContent(ns)
	if err != nil {
		return err
	}
	if estimate > 0 {
		return &ResourcesRemainingError{estimate}
	}
	// ns still carries the resourceVersion read before its status was
	// updated: the first finalize conflicts, as Kubernetes' does.
	if _, err := c.retryOnConflict(ns, c.finalize); err != nil && !api.IsReason(err, api.ReasonNotFound) {
		return err
	}
	return nil
}

// retryOnConflict calls fn until it does not fail with a conflict, with
// the namespace read again before each retry; a namespace replaced in
// between (another UID) is an error (retryOnConflictError).
func (c *Controller) retryOnConflict(ns *object.Object, fn func(*object.Object) (*object.Object, error)) (*object.Object, error) {
	for {
		out, err := fn(ns)
		if err == nil {
			return out, nil
		}
		if !api.IsReason(err, api.ReasonConflict) {
			return nil, err
		}
		latest, err := client.Shared(c.client.Do(client.GetRequest(c.nsKind, "", ns.Meta.Name), nil))
		if err != nil {
			return nil, err
		}
		if latest.Meta.UID != ns.Meta.UID {
			return nil, errors.New("namespace uid has changed across retries")
		}
		ns = latest.DeepCopy()
	}
}

// markTerminating is updateNamespaceStatusFunc: phase Terminating, with a
// PUT to status only when it is not already.
func (c *Controller) markTerminating(ns *object.Object) (*object.Object, error) {
	if ns.Meta.DeletionTimestamp == nil || ns.GetString(".status.phase") == "Terminating" {
		return ns, nil
	}
	ns.EnsureMap("status")["phase"] = "Terminating"
	return c.updateStatus(ns)
}

// finalize is finalizeNamespace: PUT the namespace to its finalize
// subresource with spec.finalizers less "kubernetes", the rest sorted.
func (c *Controller) finalize(ns *object.Object) (*object.Object, error) {
	var rest []string
	for _, f := range specFinalizers(ns) {
		if f != FinalizerKubernetes && !slices.Contains(rest, f) {
			rest = append(rest, f)
		}
	}
	slices.Sort(rest)
	o := ns.DeepCopy()
	list := make([]any, len(rest))
	for i, f := range rest {
		list[i] = f
	}
	o.EnsureMap("spec")["finalizers"] = list
	resp := c.client.Do(client.UpdateRequest(c.nsKind, o, api.WriteOptions{}, "finalize"), nil)
	if err := resp.Err(); err != nil {
		return nil, err
	}
	return resp.Object, nil
}

// updateStatus PUTs the namespace's status.
func (c *Controller) updateStatus(ns *object.Object) (*object.Object, error) {
	out, err := client.Shared(c.client.Do(client.UpdateRequest(c.nsKind, ns, api.WriteOptions{}, "status"), nil))
	if err != nil {
		return nil, err
	}
	return out.DeepCopy(), nil
}

// specFinalizers returns spec.finalizers.
func specFinalizers(ns *object.Object) []string {
	l, _ := ns.Spec()["finalizers"].([]any)
	out := make([]string, 0, len(l))
	for _, f := range l {
		if s, ok := f.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
