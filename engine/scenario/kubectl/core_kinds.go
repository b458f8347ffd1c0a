package kubectl

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Tables of printers.go for namespaces, ConfigMaps, Secrets and
// ServiceAccounts.
var (
	namespaceColumns      = []column{{name: "Name"}, {name: "Status"}, {name: "Age"}}
	configMapColumns      = []column{{name: "Name"}, {name: "Data"}, {name: "Age"}}
	secretColumns         = []column{{name: "Name"}, {name: "Type"}, {name: "Data"}, {name: "Age"}}
	serviceAccountColumns = []column{{name: "Name"}, {name: "Age"}}
)

// namespaceRow is printNamespace: its phase.
func namespaceRow(o *object.Object, now time.Time) []string {
	return []string{o.Meta.Name, str(status(o), "phase"), since(o.Meta.CreationTimestamp, now)}
}

// configMapRow is printConfigMap: its data and binaryData keys.
func configMapRow(o *object.Object, now time.Time) []string {
	n := len(object.AsMap(o.Content["data"])) + len(object.AsMap(o.Content["binaryData"]))
	return []string{o.Meta.Name, fmt.Sprint(n), since(o.Meta.CreationTimestamp, now)}
}

// secretRow is printSecret: its type and data keys.
func secretRow(o *object.Object, now time.Time) []string {
	return []string{o.Meta.Name, str(o.Content, "type"), fmt.Sprint(len(object.AsMap(o.Content["data"]))), since(o.Meta.CreationTimestamp, now)}
}

// serviceAccountRow is printServiceAccount.
func serviceAccountRow(o *object.Object, now time.Time) []string {
	return []string{o.Meta.Name, since(o.Meta.CreationTimestamp, now)}
}
