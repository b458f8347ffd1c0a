package cluster

import (
	"github.com/loopbook/loopbook/engine/cluster/controller/statefulset"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/operator"
)

// OperatorAnnotation on the fixture's CustomResourceDefinition of kind
// DatabaseCluster, set to "true", turns the database operator on (actor
// "database-operator"), with the StatefulSet controller it relies on.
const OperatorAnnotation = "operator.loopbook.dev/enabled"

// operatorGroup is the group of the fixture's opted-in DatabaseCluster
// CRD, or "".
func operatorGroup(objs []*object.Object) string {
	for _, o := range objs {
		if o.Kind == "CustomResourceDefinition" && o.GetString(".spec.names.kind") == operator.Kind &&
			o.Meta.Annotations[OperatorAnnotation] == "true" {
			return o.GetString(".spec.group")
		}
	}
	return ""
}

// wantsStatefulSets reports whether the fixture turns the StatefulSet
// controller on: a StatefulSet among its objects, or the operator.
func wantsStatefulSets(objs []*object.Object) bool {
	for _, o := range objs {
		if o.Kind == "StatefulSet" && o.Group() == "apps" {
			return true
		}
	}
	return operatorGroup(objs) != ""
}

// buildEarlyOperator creates the identities of the StatefulSet
// controller and of the operator before the fixture's objects: the
// operator's ServiceAccount kube-system/database-operator and a
// ClusterRole of the same name bound to it, allowing what it reads and
// writes.
func (c *Cluster) buildEarlyOperator() error {
	if !wantsStatefulSets(c.cfg.Objects) && !wantsStatefulSets(c.cfg.Manifests) {
		return nil
	}
	c.ext.statefulSets = true
	if err := c.controllerServiceAccount(statefulset.Name); err != nil {
		return err
	}
	group := operatorGroup(c.cfg.Objects)
	if group == "" {
		return nil
	}
	name := string(operator.Name)
	if err := c.controllerRole(name, name, []any{
		rule([]string{group}, []string{"databaseclusters"}, "get", "list", "watch"),
		rule([]string{group}, []string{"databaseclusters/status"}, "update", "patch"),
		rule([]string{"apps"}, []string{"statefulsets"}, "get", "list", "watch", "create", "update", "patch", "delete"),
		rule([]string{""}, []string{"services"}, "get", "list", "watch", "create", "update", "patch", "delete"),
		eventsRule(),
	}); err != nil {
		return err
	}
	c.ext.operatorGroup = group
	return nil
}

// buildOperator builds the operator actor, once the fixture's CRD serves.
func (c *Cluster) buildOperator() {
	if c.ext.operatorGroup == "" {
		return
	}
	c.ext.operator = operator.New(c.env, c.ext.operatorGroup, c.saTokens[string(operator.Name)])
	c.add(c.ext.operator)
}

// Operator is the database operator the fixture turned on, or nil.
func (c *Cluster) Operator() *operator.Operator { return c.ext.operator }
