package auth

import (
	"sync"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// sharedRules holds the compiled rules of the role objects whose content
// every cluster shares, read-only (ShareRules), by their rules list: the
// RBAC authorizers and the role aggregation of every cluster then read
// one compilation of the bootstrap policy rather than each make its own.
var sharedRules sync.Map // rulesKey → []PolicyRule

// rulesKey identifies a rules list by its array and length: a list shared
// read-only is the same list wherever it is stored.
type rulesKey struct {
	first *any
	n     int
}

// rulesKeyOf returns the key of o's rules list, and false when it has
// none to compile.
func rulesKeyOf(o *object.Object) (rulesKey, bool) {
	list, _ := o.Content["rules"].([]any)
	if len(list) == 0 {
		return rulesKey{}, false
	}
	return rulesKey{first: &list[0], n: len(list)}, true
}

// ShareRules compiles the rules of the Roles and ClusterRoles among objs
// once for the whole process: RulesOf then returns that compilation for
// every object holding the same rules list. The objects' content must
// never change afterwards, as a plane's shared bootstrap policy never
// does (apiserver.Config.SharedBootstrap).
func ShareRules(objs []*object.Object) {
	for _, o := range objs {
		if o.Kind != "Role" && o.Kind != "ClusterRole" {
			continue
		}
		if k, ok := rulesKeyOf(o); ok {
			sharedRules.LoadOrStore(k, compileRules(o))
		}
	}
}
