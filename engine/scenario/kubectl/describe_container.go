package kubectl

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// fieldResolver returns the value of an environment variable's field
// reference (describe.go's EnvVarResolverFunc); nil resolves nothing.
type fieldResolver func(fieldPath string) string

// podFieldResolver is describe.go's EnvValueRetriever for a Pod: the
// metadata fields fieldpath.ExtractFieldPathAsString knows, "" for any
// other (spec.nodeName, status.podIP: kubectl does not resolve them).
func podFieldResolver(pod *object.Object) fieldResolver {
	return func(path string) string {
		if base, key, ok := subscripted(path); ok {
			switch base {
			case "metadata.labels":
				return pod.Meta.Labels[key]
			case "metadata.annotations":
				return pod.Meta.Annotations[key]
			}
			return ""
		}
		switch path {
		case "metadata.name":
			return pod.Meta.Name
		case "metadata.namespace":
			return pod.Meta.Namespace
		case "metadata.uid":
			return pod.Meta.UID
		case "metadata.labels":
			return object.FormatFieldMap(pod.Meta.Labels)
		case "metadata.annotations":
			return object.FormatFieldMap(pod.Meta.Annotations)
		}
		return ""
	}
}

// subscripted splits "metadata.labels['key']" into its path and key
// (fieldpath.SplitMaybeSubscriptedPath).
func subscripted(path string) (base, key string, ok bool) {
	if !strings.HasSuffix(path, "']") {
		return path, "", false
	}
	base, key, ok = strings.Cut(strings.TrimSuffix(path, "']"), "['")
	if !ok || base == "" {
		return path, "", false
	}
	return base, key, true
}

// env is describe.go's describeContainerEnvVars.
func (d *describer) env(c map[string]any, resolve fieldResolver) {
	vars := maps(listAt(c, "env"))
	none := ""
	if len(vars) == 0 {
		none = "\t<none>"
	}
	d.line(2, "Environment:%s\n", none)
	for _, e := range vars {
		name, from := str(e, "name"), object.MapAt(e, "valueFrom")
		if from == nil {
			for i, s := range strings.Split(str(e, "value"), "\n") {
				if i == 0 {
					d.line(3, "%s:\t%s\n", name, s)
				} else {
					d.line(3, "\t%s\n", s)
				}
			}
			continue
		}
		switch {
		case object.MapAt(from, "fieldRef") != nil:
			ref := object.MapAt(from, "fieldRef")
			value := ""
			if resolve != nil {
				value = resolve(str(ref, "fieldPath"))
			}
			d.line(3, "%s:\t%s (%s:%s)\n", name, value, str(ref, "apiVersion"), str(ref, "fieldPath"))
		case object.MapAt(from, "resourceFieldRef") != nil:
			ref := object.MapAt(from, "resourceFieldRef")
			d.line(3, "%s:\t%s (%s)\n", name, resourceFieldValue(c, ref), str(ref, "resource"))
		case object.MapAt(from, "secretKeyRef") != nil:
			ref := object.MapAt(from, "secretKeyRef")
			d.line(3, "%s:\t<set to the key '%s' in secret '%s'>\tOptional: %t\n", name, str(ref, "key"), str(ref, "name"), boolean(ref, "optional"))
		case object.MapAt(from, "configMapKeyRef") != nil:
			ref := object.MapAt(from, "configMapKeyRef")
			d.line(3, "%s:\t<set to the key '%s' of config map '%s'>\tOptional: %t\n", name, str(ref, "key"), str(ref, "name"), boolean(ref, "optional"))
		}
	}
}

// resourceFieldValue is what describeContainerEnvVars prints for a
// resourceFieldRef (resourcehelper.ExtractContainerResourceValue): the
// container's request or limit divided by the divisor, rounded up; an
// unset CPU or memory limit is "node allocatable".
func resourceFieldValue(c, ref map[string]any) string {
	res := str(ref, "resource")
	kind, name, _ := strings.Cut(res, ".")
	q, err := object.QuantityOf(object.MapAt(c, "resources", kind)[name])
	if err != nil || q.IsZero() {
		if res == "limits.cpu" || res == "limits.memory" {
			return "node allocatable"
		}
		return "0"
	}
	div, err := object.QuantityOf(ref["divisor"])
	if err != nil || div.IsZero() {
		div, _ = object.ParseQuantity("1")
	}
	if name == "cpu" {
		return fmt.Sprint(ceilDiv(q.MilliValue(), div.MilliValue()))
	}
	return fmt.Sprint(ceilDiv(q.Value(), div.Value()))
}

// ceilDiv is a/b rounded up, for positive a and b.
func ceilDiv(a, b int64) int64 {
	if b <= 0 {
		return a
	}
	return (a + b - 1) / b
}

// envFrom is describe.go's describeContainerEnvFrom.
func (d *describer) envFrom(from []map[string]any) {
	d.line(2, "Environment Variables from:\n")
	for _, e := range from {
		kind, ref := "", map[string]any(nil)
		switch {
		case object.MapAt(e, "configMapRef") != nil:
			kind, ref = "ConfigMap", object.MapAt(e, "configMapRef")
		case object.MapAt(e, "secretRef") != nil:
			kind, ref = "Secret", object.MapAt(e, "secretRef")
		}
		if p := str(e, "prefix"); p != "" {
			d.line(3, "%s\t%s with prefix '%s'\tOptional: %t\n", str(ref, "name"), kind, p, boolean(ref, "optional"))
		} else {
			d.line(3, "%s\t%s\tOptional: %t\n", str(ref, "name"), kind, boolean(ref, "optional"))
		}
	}
}

// mounts is describe.go's describeContainerVolumes, by mount path.
func (d *describer) mounts(ms []map[string]any) {
	if len(ms) == 0 {
		d.line(2, "Mounts:\t<none>\n")
		return
	}
	d.line(2, "Mounts:\n")
	ms = slices.Clone(ms)
	slices.SortStableFunc(ms, func(a, b map[string]any) int { return strings.Compare(str(a, "mountPath"), str(b, "mountPath")) })
	for _, m := range ms {
		flags := []string{"rw"}
		if boolean(m, "readOnly") {
			flags[0] = "ro"
		}
		if sub := str(m, "subPath"); sub != "" {
			flags = append(flags, fmt.Sprintf("path=%q", sub))
		}
		d.line(3, "%s from %s (%s)\n", str(m, "mountPath"), str(m, "name"), strings.Join(flags, ","))
	}
}
