package kubectl

import (
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// bindingColumns are printers.go's roleBindingsColumnDefinitions and
// clusterRoleBindingsColumnDefinitions.
var bindingColumns = []column{
	{name: "Name"}, {name: "Role"}, {name: "Age"},
	{name: "Users", wide: true}, {name: "Groups", wide: true}, {name: "ServiceAccounts", wide: true},
}

// bindingRow is printRoleBinding and printClusterRoleBinding: the role
// as KIND/NAME and, wide, the subjects by kind (rbac.SubjectsStrings).
func bindingRow(o *object.Object, now time.Time) []string {
	ref := object.AsMap(o.Content["roleRef"])
	var users, groups, sas []string
	for _, s := range maps(listAt(o.Content, "subjects")) {
		switch str(s, "kind") {
		case "User":
			users = append(users, str(s, "name"))
		case "Group":
			groups = append(groups, str(s, "name"))
		case "ServiceAccount":
			sas = append(sas, str(s, "namespace")+"/"+str(s, "name"))
		}
	}
	return []string{o.Meta.Name, str(ref, "kind") + "/" + str(ref, "name"), since(o.Meta.CreationTimestamp, now),
		strings.Join(users, ", "), strings.Join(groups, ", "), strings.Join(sas, ", ")}
}
