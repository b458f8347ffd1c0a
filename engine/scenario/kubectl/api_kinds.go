package kubectl

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// webhookColumns are printers.go's mutatingWebhookColumnDefinitions and
// validatingWebhookColumnDefinitions.
var webhookColumns = []column{{name: "Name"}, {name: "Webhooks"}, {name: "Age"}}

// webhookRow is printMutatingWebhook and printValidatingWebhook.
func webhookRow(o *object.Object, now time.Time) []string {
	return []string{o.Meta.Name, fmt.Sprint(len(listAt(o.Content, "webhooks"))), since(o.Meta.CreationTimestamp, now)}
}

// apiServiceColumns are the aggregator's APIService table
// (k8s.io/kube-aggregator/pkg/registry/apiservice/etcd: ConvertToTable).
var apiServiceColumns = []column{{name: "Name"}, {name: "Service"}, {name: "Available"}, {name: "Age"}}

// apiServiceRow is that table's row: the Service as NAMESPACE/NAME or
// Local, and the Available condition ("False (Reason)" when not True).
func apiServiceRow(o *object.Object, now time.Time) []string {
	service := "Local"
	if s := object.MapAt(o.Spec(), "service"); s != nil {
		service = str(s, "namespace") + "/" + str(s, "name")
	}
	available := "Unknown"
	if c := object.StatusCondition(o.Status(), "Available"); c != nil {
		available = str(c, "status")
		if r := str(c, "reason"); available != "True" && r != "" {
			available += " (" + r + ")"
		}
	}
	return []string{o.Meta.Name, service, available, since(o.Meta.CreationTimestamp, now)}
}
