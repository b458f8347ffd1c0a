package kubectl

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describePod is describe.go's describePod, with the sections the engine
// models (see the package doc).
func describePod(o *object.Object, events []*object.Object, now time.Time) string {
	sp, st := spec(o), status(o)
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.line(0, "Namespace:\t%s\n", o.Meta.Namespace)
	if _, ok := sp["priority"]; ok {
		d.line(0, "Priority:\t%d\n", integer(sp, "priority"))
	}
	if pc := str(sp, "priorityClassName"); pc != "" {
		d.line(0, "Priority Class Name:\t%s\n", pc)
	}
	if sa := str(sp, "serviceAccountName"); sa != "" {
		d.line(0, "Service Account:\t%s\n", sa)
	}
	if n := str(sp, "nodeName"); n == "" {
		d.line(0, "Node:\t<none>\n")
	} else {
		d.line(0, "Node:\t%s\n", n+"/"+str(st, "hostIP"))
	}
	if t := object.TimeAt(st, "startTime"); !t.IsZero() {
		d.line(0, "Start Time:\t%s\n", rfc1123z(t))
	}
	d.multiline("Labels", o.Meta.Labels)
	d.annotations("Annotations", o.Meta.Annotations)
	phase := str(st, "phase")
	if dt := o.Meta.DeletionTimestamp; dt != nil && phase != "Failed" && phase != "Succeeded" {
		d.line(0, "Status:\tTerminating (lasts %s)\n", since(*dt, now))
		var grace int64
		if g := o.Meta.DeletionGracePeriodSeconds; g != nil {
			grace = *g
		}
		d.line(0, "Termination Grace Period:\t%ds\n", grace)
	} else {
		d.line(0, "Status:\t%s\n", phase)
	}
	if r := str(st, "reason"); r != "" {
		d.line(0, "Reason:\t%s\n", r)
	}
	if m := str(st, "message"); m != "" {
		d.line(0, "Message:\t%s\n", clean(m))
	}
	d.line(0, "IP:\t%s\n", str(st, "podIP"))
	ips := maps(listAt(st, "podIPs"))
	if len(ips) == 0 {
		d.line(0, "IPs:\t<none>\n")
	} else {
		d.line(0, "IPs:\n")
		for _, ip := range ips {
			d.line(1, "IP:\t%s\n", str(ip, "ip"))
		}
	}
	if ref, ok := o.Meta.ControllerRef(); ok {
		d.line(0, "Controlled By:\t%s/%s\n", ref.Kind, ref.Name)
	}
	if n := str(st, "nominatedNodeName"); n != "" {
		d.line(0, "NominatedNodeName:\t%s\n", n)
	}
	env := podFieldResolver(o)
	if inits := maps(listAt(sp, "initContainers")); len(inits) > 0 {
		d.containers("Init Containers", "", inits, maps(listAt(st, "initContainerStatuses")), env)
	}
	d.containers("Containers", "", maps(listAt(sp, "containers")), maps(listAt(st, "containerStatuses")), env)
	if conds := maps(listAt(st, "conditions")); len(conds) > 0 {
		d.line(0, "Conditions:\n  Type\tStatus\n")
		for _, c := range conds {
			d.line(1, "%s \t%s \n", str(c, "type"), str(c, "status"))
		}
	}
	d.volumes("", maps(listAt(sp, "volumes")))
	d.line(0, "QoS Class:\t%s\n", object.PodQOSClass(o))
	d.multiline("Node-Selectors", object.StringMap(sp["nodeSelector"]))
	d.tolerations("Tolerations", maps(listAt(sp, "tolerations")))
	d.events(events, now)
	return d.String()
}

// containers is describe.go's describeContainers: space is "" for a
// Pod's and "  " for a Pod template's, whose containers have no status;
// env resolves the field references of environment variables (nil for
// a template, whose values are unknown).
func (d *describer) containers(label, space string, specs, statuses []map[string]any, env fieldResolver) {
	byName := map[string]map[string]any{}
	for _, s := range statuses {
		byName[str(s, "name")] = s
	}
	none := ""
	if len(specs) == 0 {
		none = " <none>"
	}
	d.line(0, "%s%s:%s\n", space, label, none)
	nameIndent := ""
	if space != "" {
		nameIndent = " "
	}
	for _, c := range specs {
		s, ok := byName[str(c, "name")]
		d.line(1, "%s%s:\n", nameIndent, str(c, "name"))
		if ok {
			d.line(2, "Container ID:\t%s\n", str(s, "containerID"))
		}
		d.line(2, "Image:\t%s\n", str(c, "image"))
		if ok {
			d.line(2, "Image ID:\t%s\n", str(s, "imageID"))
		}
		d.ports(maps(listAt(c, "ports")))
		if cmd := strs(listAt(c, "command")); len(cmd) > 0 {
			d.line(2, "Command:\n")
			for _, x := range cmd {
				d.line(3, "%s\n", clean(x))
			}
		}
		if args := strs(listAt(c, "args")); len(args) > 0 {
			d.line(2, "Args:\n")
			for _, x := range args {
				d.line(3, "%s\n", clean(x))
			}
		}
		if ok {
			d.state("State", object.MapAt(s, "state"))
			if t := object.MapAt(s, "lastState", "terminated"); t != nil {
				d.state("Last State", object.MapAt(s, "lastState"))
			}
			d.line(2, "Ready:\t%s\n", capitalBool(boolean(s, "ready")))
			d.line(2, "Restart Count:\t%d\n", integer(s, "restartCount"))
		}
		d.resources(object.MapAt(c, "resources"))
		for _, p := range []struct{ key, label string }{{"livenessProbe", "Liveness"}, {"readinessProbe", "Readiness"}, {"startupProbe", "Startup"}} {
			if pr := object.MapAt(c, p.key); pr != nil {
				d.line(2, "%s:\t%s\n", p.label, describeProbe(pr))
			}
		}
		if from := maps(listAt(c, "envFrom")); len(from) > 0 {
			d.envFrom(from)
		}
		d.env(c, env)
		d.mounts(maps(listAt(c, "volumeMounts")))
	}
}

// ports writes describeContainerBasicInfo's Port(s) and Host Port(s).
func (d *describer) ports(ports []map[string]any) {
	var cp, hp []string
	for _, p := range ports {
		suffix := ""
		if n := str(p, "name"); n != "" {
			suffix = " (" + n + ")"
		}
		cp = append(cp, fmt.Sprintf("%d/%s%s", integer(p, "containerPort"), str(p, "protocol"), suffix))
		hp = append(hp, fmt.Sprintf("%d/%s%s", integer(p, "hostPort"), str(p, "protocol"), suffix))
	}
	for _, x := range []struct {
		one, many string
		v         []string
	}{{"Port", "Ports", cp}, {"Host Port", "Host Ports", hp}} {
		if s := strings.Join(x.v, ", "); strings.Contains(s, ",") {
			d.line(2, "%s:\t%s\n", x.many, s)
		} else {
			d.line(2, "%s:\t%s\n", x.one, orNone(s))
		}
	}
}

// state is describe.go's describeStatus.
func (d *describer) state(name string, s map[string]any) {
	switch {
	case object.MapAt(s, "running") != nil:
		d.line(2, "%s:\tRunning\n", name)
		d.line(3, "Started:\t%s\n", rfc1123z(object.TimeAt(object.MapAt(s, "running"), "startedAt")))
	case object.MapAt(s, "waiting") != nil:
		d.line(2, "%s:\tWaiting\n", name)
		if r := str(object.MapAt(s, "waiting"), "reason"); r != "" {
			d.line(3, "Reason:\t%s\n", r)
		}
	case object.MapAt(s, "terminated") != nil:
		t := object.MapAt(s, "terminated")
		d.line(2, "%s:\tTerminated\n", name)
		if r := str(t, "reason"); r != "" {
			d.line(3, "Reason:\t%s\n", r)
		}
		if m := str(t, "message"); m != "" {
			d.line(3, "Message:\t%s\n", clean(m))
		}
		d.line(3, "Exit Code:\t%d\n", integer(t, "exitCode"))
		if sig := integer(t, "signal"); sig > 0 {
			d.line(3, "Signal:\t%d\n", sig)
		}
		d.line(3, "Started:\t%s\n", rfc1123z(object.TimeAt(t, "startedAt")))
		d.line(3, "Finished:\t%s\n", rfc1123z(object.TimeAt(t, "finishedAt")))
	default:
		d.line(2, "%s:\tWaiting\n", name)
	}
}

// resources is describe.go's describeResources: limits then requests,
// each sorted by resource name.
func (d *describer) resources(r map[string]any) {
	for _, part := range []struct{ key, label string }{{"limits", "Limits"}, {"requests", "Requests"}} {
		m := object.StringMap(r[part.key])
		if len(m) == 0 {
			continue
		}
		d.line(2, "%s:\n", part.label)
		for _, k := range sortedKeys(m) {
			d.line(3, "%s:\t%s\n", k, m[k])
		}
	}
}

// describeProbe is describe.go's DescribeProbe.
func describeProbe(p map[string]any) string {
	attrs := fmt.Sprintf("delay=%ds timeout=%ds period=%ds successThreshold=%d failureThreshold=%d",
		integer(p, "initialDelaySeconds"), integer(p, "timeoutSeconds"), integer(p, "periodSeconds"),
		integer(p, "successThreshold"), integer(p, "failureThreshold"))
	switch {
	case object.MapAt(p, "exec") != nil:
		return fmt.Sprintf("exec [%s] %s", strings.Join(strs(listAt(object.MapAt(p, "exec"), "command")), " "), attrs)
	case object.MapAt(p, "httpGet") != nil:
		h := object.MapAt(p, "httpGet")
		scheme := strings.ToLower(firstNonEmpty(str(h, "scheme"), "http"))
		return fmt.Sprintf("http-get %s://%s:%s%s %s", scheme, str(h, "host"), str(h, "port"), str(h, "path"), attrs)
	case object.MapAt(p, "tcpSocket") != nil:
		t := object.MapAt(p, "tcpSocket")
		return fmt.Sprintf("tcp-socket %s:%s %s", str(t, "host"), str(t, "port"), attrs)
	case object.MapAt(p, "grpc") != nil:
		g := object.MapAt(p, "grpc")
		return fmt.Sprintf("grpc <pod>:%d %s %s", integer(g, "port"), str(g, "service"), attrs)
	}
	return "unknown " + attrs
}

// tolerations is describe.go's printTolerationsMultilineWithIndent,
// sorted by key, under title ("Tolerations", or "  Tolerations" in a Pod
// template).
func (d *describer) tolerations(title string, ts []map[string]any) {
	var items []string
	for _, t := range ts {
		s := str(t, "key")
		if v := str(t, "value"); v != "" {
			s += "=" + v
		}
		if e := str(t, "effect"); e != "" {
			s += ":" + e
		}
		if str(t, "operator") == "Exists" && str(t, "value") == "" {
			if str(t, "key") != "" || str(t, "effect") != "" {
				s += " op=Exists"
			} else {
				s += "op=Exists"
			}
		}
		if _, ok := t["tolerationSeconds"]; ok {
			s += fmt.Sprintf(" for %ds", integer(t, "tolerationSeconds"))
		}
		items = append(items, s)
	}
	sortByKey(items, ts)
	d.list(title, len(items), func(i int) string { return items[i] })
}

// sortByKey sorts items by the key of the toleration each came from,
// keeping the written order among equal keys.
func sortByKey(items []string, ts []map[string]any) {
	idx := make([]int, len(items))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return strings.Compare(str(ts[a], "key"), str(ts[b], "key")) })
	sorted := make([]string, len(items))
	for i, j := range idx {
		sorted[i] = items[j]
	}
	copy(items, sorted)
}

// capitalBool is describe.go's printBool: "True" or "False".
func capitalBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}
