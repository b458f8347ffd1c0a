package kubectl

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describeHPA is describe.go's describeHorizontalPodAutoscalerV2: the
// target, each metric as current / target, the replica bounds and
// behavior, the replicas, the conditions and the Events. Like kubectl's
// prefix writer, every write is indented at its own level, even one that
// continues a line ("  resource cpu on pods  (as a percentage of
// request):").
func describeHPA(o *object.Object, events []*object.Object, now time.Time) string {
	sp, st := spec(o), status(o)
	ref := object.MapAt(sp, "scaleTargetRef")
	d := newDescriber()
	d.head(o, true)
	d.line(0, "CreationTimestamp:\t%s\n", rfc1123z(o.Meta.CreationTimestamp))
	d.line(0, "Reference:\t%s/%s\n", str(ref, "kind"), str(ref, "name"))
	d.line(0, "Metrics:\t( current / target )\n")
	current := maps(listAt(st, "currentMetrics"))
	for i, m := range maps(listAt(sp, "metrics")) {
		var cur map[string]any
		if i < len(current) {
			cur = current[i]
		}
		d.hpaMetric(m, cur)
	}
	minReplicas := "<unset>"
	if v, ok := sp["minReplicas"]; ok && v != nil {
		minReplicas = fmt.Sprint(integer(sp, "minReplicas"))
	}
	d.line(0, "Min replicas:\t%s\n", minReplicas)
	d.line(0, "Max replicas:\t%d\n", integer(sp, "maxReplicas"))
	if b := object.AsMap(sp["behavior"]); b != nil {
		d.line(0, "Behavior:\n")
		d.hpaDirection("Scale Up", object.AsMap(b["scaleUp"]))
		d.hpaDirection("Scale Down", object.AsMap(b["scaleDown"]))
	}
	d.line(0, "%s pods:\t", str(ref, "kind"))
	d.line(0, "%d current / %d desired\n", integer(st, "currentReplicas"), integer(st, "desiredReplicas"))
	if conds := maps(listAt(st, "conditions")); len(conds) > 0 {
		d.line(0, "Conditions:\n")
		d.line(1, "Type\tStatus\tReason\tMessage\n")
		d.line(1, "----\t------\t------\t-------\n")
		for _, c := range conds {
			d.line(1, "%s\t%s\t%s\t%s\n", str(c, "type"), str(c, "status"), str(c, "reason"), str(c, "message"))
		}
	}
	d.events(events, now)
	return d.String()
}

// hpaMetric writes one metric of an HPA with its current value (cur, the
// status entry at the same index, nil when there is none).
func (d *describer) hpaMetric(m, cur map[string]any) {
	const unknown = "<unknown>"
	switch typ := str(m, "type"); typ {
	case "External":
		src := object.AsMap(m["external"])
		name, target := str(object.AsMap(src["metric"]), "name"), object.AsMap(src["target"])
		c := object.AsMap(object.AsMap(cur["external"])["current"])
		if _, ok := target["averageValue"]; ok {
			d.line(1, "%q (target average value):\t%s / %s\n", name, quantityOr(c, "averageValue", unknown), quantityOr(target, "averageValue", "0"))
			return
		}
		d.line(1, "%q (target value):\t%s / %s\n", name, quantityOr(c, "value", unknown), quantityOr(target, "value", "0"))
	case "Pods":
		src := object.AsMap(m["pods"])
		c := object.AsMap(object.AsMap(cur["pods"])["current"])
		d.line(1, "%q on pods:\t%s / %s\n", str(object.AsMap(src["metric"]), "name"), quantityOr(c, "averageValue", unknown),
			quantityOr(object.AsMap(src["target"]), "averageValue", "0"))
	case "Object":
		src := object.AsMap(m["object"])
		obj, target := object.AsMap(src["describedObject"]), object.AsMap(src["target"])
		c := object.AsMap(object.AsMap(cur["object"])["current"])
		d.line(1, "%q on %s/%s ", str(object.AsMap(src["metric"]), "name"), str(obj, "kind"), str(obj, "name"))
		if str(target, "type") == "AverageValue" {
			d.line(0, "(target average value):\t%s / %s\n", quantityOr(c, "averageValue", unknown), quantityOr(target, "averageValue", "0"))
			return
		}
		d.line(0, "(target value):\t%s / %s\n", quantityOr(c, "value", unknown), quantityOr(target, "value", "0"))
	case "Resource", "ContainerResource":
		key := "resource"
		if typ == "ContainerResource" {
			key = "containerResource"
		}
		src := object.AsMap(m[key])
		if typ == "Resource" {
			d.line(1, "resource %s on pods", str(src, "name"))
		} else {
			d.line(1, "resource %s of container %q on pods", str(src, "name"), str(src, "container"))
		}
		target := object.AsMap(src["target"])
		c := object.AsMap(object.AsMap(cur[key])["current"])
		if _, ok := target["averageValue"]; ok {
			d.line(0, ":\t%s / %s\n", quantityOr(c, "averageValue", unknown), quantityOr(target, "averageValue", "0"))
			return
		}
		now := unknown
		if _, ok := c["averageUtilization"]; ok {
			now = fmt.Sprintf("%d%% (%s)", integer(c, "averageUtilization"), quantityOr(c, "averageValue", "0"))
		}
		want := "<auto>"
		if _, ok := target["averageUtilization"]; ok {
			want = fmt.Sprintf("%d%%", integer(target, "averageUtilization"))
		}
		d.line(1, "(as a percentage of request):\t%s / %s\n", now, want)
	default:
		d.line(1, "<unknown metric type %q>\n", typ)
	}
}

// hpaDirection is describe.go's printDirectionBehavior.
func (d *describer) hpaDirection(direction string, rules map[string]any) {
	if rules == nil {
		return
	}
	d.line(1, "%s:\n", direction)
	if _, ok := rules["stabilizationWindowSeconds"]; ok {
		d.line(2, "Stabilization Window: %d seconds\n", integer(rules, "stabilizationWindowSeconds"))
	}
	policies := maps(listAt(rules, "policies"))
	if len(policies) == 0 {
		return
	}
	selectPolicy := str(rules, "selectPolicy")
	if selectPolicy == "" {
		selectPolicy = "Max"
	}
	d.line(2, "Select Policy: %s\n", selectPolicy)
	d.line(2, "Policies:\n")
	for _, p := range policies {
		d.line(3, "- Type: %s\tValue: %d\tPeriod: %d seconds\n", str(p, "type"), integer(p, "value"), integer(p, "periodSeconds"))
	}
}

// quantityOr is the quantity at key in canonical form, or or when there
// is none.
func quantityOr(m map[string]any, key, or string) string {
	v, ok := m[key]
	if !ok || v == nil {
		return or
	}
	return quantityCell(v)
}
