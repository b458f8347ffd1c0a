package kubectl

import (
	"fmt"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// hpaColumns are printers.go's horizontalPodAutoscalerColumnDefinitions.
var hpaColumns = []column{{name: "Name"}, {name: "Reference"}, {name: "Targets"}, {name: "MinPods"}, {name: "MaxPods"}, {name: "Replicas"}, {name: "Age"}}

// hpaRow is printHorizontalPodAutoscaler.
func hpaRow(o *object.Object, now time.Time) []string {
	sp, st := spec(o), status(o)
	ref := object.MapAt(sp, "scaleTargetRef")
	minPods := "<unset>"
	if _, ok := sp["minReplicas"]; ok {
		minPods = fmt.Sprint(integer(sp, "minReplicas"))
	}
	return []string{o.Meta.Name, str(ref, "kind") + "/" + str(ref, "name"),
		hpaTargets(maps(listAt(sp, "metrics")), maps(listAt(st, "currentMetrics"))),
		minPods, fmt.Sprint(integer(sp, "maxReplicas")), fmt.Sprint(integer(st, "currentReplicas")), since(o.Meta.CreationTimestamp, now)}
}

// hpaTargets is formatHPAMetrics: each metric as current/target, at most
// two, then "+ N more...".
func hpaTargets(specs, statuses []map[string]any) string {
	if len(specs) == 0 {
		return "<none>"
	}
	var list []string
	for i, s := range specs {
		var cur map[string]any
		if i < len(statuses) {
			cur = statuses[i]
		}
		list = append(list, hpaTarget(s, cur))
	}
	const most = 2
	if len(list) > most {
		return fmt.Sprintf("%s + %d more...", strings.Join(list[:most], ", "), len(list)-most)
	}
	return strings.Join(list, ", ")
}

// hpaTarget is one metric of formatHPAMetrics.
func hpaTarget(s, cur map[string]any) string {
	current := func(key, field string) string {
		c := object.MapAt(cur, key)
		if c == nil {
			return "<unknown>"
		}
		if v := str(object.MapAt(c, "current"), field); v != "" {
			return v
		}
		return "<unknown>"
	}
	switch str(s, "type") {
	case "External", "Object":
		key := strings.ToLower(str(s, "type"))
		target := object.MapAt(s, key, "target")
		if v := str(target, "averageValue"); v != "" {
			return fmt.Sprintf("%s/%s (avg)", current(key, "averageValue"), v)
		}
		return fmt.Sprintf("%s/%s", current(key, "value"), str(target, "value"))
	case "Pods":
		return fmt.Sprintf("%s/%s", current("pods", "averageValue"), str(object.MapAt(s, "pods", "target"), "averageValue"))
	case "Resource", "ContainerResource":
		key := "resource"
		if str(s, "type") == "ContainerResource" {
			key = "containerResource"
		}
		m := object.MapAt(s, key)
		target := object.MapAt(m, "target")
		if v := str(target, "averageValue"); v != "" {
			return fmt.Sprintf("%s: %s/%s", str(m, "name"), current(key, "averageValue"), v)
		}
		now := "<unknown>"
		if u := str(object.MapAt(object.MapAt(cur, key), "current"), "averageUtilization"); u != "" {
			now = u + "%"
		}
		want := "<auto>"
		if u := str(target, "averageUtilization"); u != "" {
			want = u + "%"
		}
		return fmt.Sprintf("%s: %s/%s", str(m, "name"), now, want)
	}
	return "<unknown type>"
}
