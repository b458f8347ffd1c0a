package admission

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// LimitRangerName is the plugin's name.
const LimitRangerName = "LimitRanger"

// LimitRangerAnnotation records what the plugin set on a Pod.
const LimitRangerAnnotation = "kubernetes.io/limit-ranger"

// LimitRanges reads a namespace's LimitRanges for the LimitRanger plugin.
type LimitRanges interface {
	// LimitRanges returns the LimitRanges of namespace, by name.
	LimitRanges(namespace string) []*object.Object
}

// LimitRanger is the LimitRanger admission plugin
// (plugin/pkg/admission/limitranger, v1.37), for Pods being created. Its
// mutating half gives every container and init container the default
// requests and limits of the namespace's LimitRanges that it does not
// state, and records them in the annotation kubernetes.io/limit-ranger
// ("LimitRanger plugin set: cpu, memory request for container web; …").
// Its validating half refuses, 403, a Pod whose containers (or, for a Pod
// item, whose sum) go below a min, above a max, or past a
// maxLimitRequestRatio ("maximum cpu usage per Container is 1, but limit
// is 2"). A PersistentVolumeClaim being created is held to the
// PersistentVolumeClaim items' min and max on what it requests.
type LimitRanger struct{ ranges LimitRanges }

var _ Mutator = (*LimitRanger)(nil)

// NewLimitRanger returns the plugin over ranges.
func NewLimitRanger(ranges LimitRanges) *LimitRanger { return &LimitRanger{ranges: ranges} }

// Name returns "LimitRanger".
func (*LimitRanger) Name() string { return LimitRangerName }

// Handles is Scoped: both phases take creates of Pods and Validate
// those of PersistentVolumeClaims too.
func (*LimitRanger) Handles(op api.Operation, group, resource, sub string) (admit, validate bool) {
	pod := creates(op, group, resource, sub, "", "pods")
	return pod, pod || creates(op, group, resource, sub, "", "persistentvolumeclaims")
}

// Admit sets the defaults.
func (p *LimitRanger) Admit(a *api.AdmissionAttributes) *api.Status {
	return p.AdmitChanges(a, &trace.Change{})
}

// applies is SupportsAttributes: a Pod being created, not a subresource.
func (p *LimitRanger) applies(a *api.AdmissionAttributes) bool {
	return p.ranges != nil && a.Operation == api.OpCreate && a.Subresource == "" && a.Namespace != "" &&
		a.Object != nil && isCore(a, "pods")
}

// appliesToClaim is SupportsAttributes for a PersistentVolumeClaim being
// created.
func (p *LimitRanger) appliesToClaim(a *api.AdmissionAttributes) bool {
	return p.ranges != nil && a.Operation == api.OpCreate && a.Subresource == "" && a.Namespace != "" &&
		a.Object != nil && isCore(a, "persistentvolumeclaims")
}

// AdmitChanges is Admit, reporting the resources it set.
func (p *LimitRanger) AdmitChanges(a *api.AdmissionAttributes, ch *trace.Change) *api.Status {
	if !p.applies(a) {
		return nil
	}
	for _, lr := range p.ranges.LimitRanges(a.Namespace) {
		requests, limits := containerDefaults(lr)
		if len(requests)+len(limits) == 0 {
			continue
		}
		spec := a.Object.EnsureMap("spec")
		var notes []string
		for _, list := range []struct{ field, prefix string }{{"containers", "container"}, {"initContainers", "init container"}} {
			for i, c := range object.ListAt(spec, list.field) {
				cm := object.AsMap(c)
				notes = mergeResources(cm, requests, limits, list.prefix, notes, func(kind, name string) {
					ch.Set = append(ch.Set, fieldPath("spec", list.field, i)+".resources."+kind+"["+name+"]")
				})
			}
		}
		if len(notes) > 0 {
			a.Object.Meta.SetAnnotation(LimitRangerAnnotation, "LimitRanger plugin set: "+strings.Join(notes, "; "))
			ch.Set = append(ch.Set, `.metadata.annotations["`+LimitRangerAnnotation+`"]`)
		}
	}
	return nil
}

// containerDefaults is defaultContainerResourceRequirements: the
// defaultRequest and default of the range's Container items.
func containerDefaults(lr *object.Object) (requests, limits map[string]any) {
	requests, limits = map[string]any{}, map[string]any{}
	for _, it := range object.ListAt(lr.Spec(), "limits") {
		item := object.AsMap(it)
		if item["type"] != "Container" {
			continue
		}
		for k, v := range object.AsMap(item["defaultRequest"]) {
			requests[k] = v
		}
		for k, v := range object.AsMap(item["default"]) {
			limits[k] = v
		}
	}
	return requests, limits
}

// mergeResources is mergeContainerResources: each default the container
// lacks is set; notes gains "cpu, memory request for container NAME" and
// "… limit for …", resources by name.
func mergeResources(c map[string]any, requests, limits map[string]any, prefix string, notes []string, set func(kind, name string)) []string {
	res := object.AsMap(c["resources"])
	if res == nil {
		res = map[string]any{}
		c["resources"] = res
	}
	fill := func(kind string, defaults map[string]any) []string {
		have := object.AsMap(res[kind])
		var added []string
		for _, name := range sortedNames(defaults) {
			if _, ok := have[name]; ok {
				continue
			}
			if have == nil {
				have = map[string]any{}
				res[kind] = have
			}
			have[name] = defaults[name]
			added = append(added, name)
			set(kind, name)
		}
		return added
	}
	name := object.StringAt(c, "name")
	setLimits := fill("limits", limits)
	if setRequests := fill("requests", requests); len(setRequests) > 0 {
		notes = append(notes, strings.Join(setRequests, ", ")+" request for "+prefix+" "+name)
	}
	if len(setLimits) > 0 {
		notes = append(notes, strings.Join(setLimits, ", ")+" limit for "+prefix+" "+name)
	}
	return notes
}

// Validate refuses a Pod outside a range's bounds: the first range with a
// violation answers, all its violations in one message.
func (p *LimitRanger) Validate(a *api.AdmissionAttributes) *api.Status {
	validate := validatePodLimits
	switch {
	case p.applies(a):
	case p.appliesToClaim(a):
		validate = validateClaimLimits
	default:
		return nil
	}
	for _, lr := range p.ranges.LimitRanges(a.Namespace) {
		if err := validate(lr, a.Object); err != nil {
			return newForbidden(a, err.Error())
		}
	}
	return nil
}

// validateClaimLimits is PersistentVolumeClaimValidateLimitFunc: each
// PersistentVolumeClaim item's min and max against what the claim
// requests.
func validateClaimLimits(lr *object.Object, claim *object.Object) error {
	requests := quantities(object.MapAt(claim.Spec(), "resources", "requests"))
	var errs []string
	for _, it := range object.ListAt(lr.Spec(), "limits") {
		item := object.AsMap(it)
		if item["type"] != "PersistentVolumeClaim" {
			continue
		}
		for _, c := range []struct {
			field string
			fn    func(typ, name string, enforced object.Quantity, req map[string]object.Quantity) error
		}{
			{"min", func(typ, name string, q object.Quantity, req map[string]object.Quantity) error {
				return minConstraint(typ, name, q, req, nil)
			}},
			{"max", maxRequestConstraint},
		} {
			bounds := object.AsMap(item[c.field])
			for _, name := range sortedNames(bounds) {
				q, err := object.QuantityOf(bounds[name])
				if err != nil {
					continue
				}
				if err := c.fn("PersistentVolumeClaim", name, q, requests); err != nil {
					errs = append(errs, err.Error())
				}
			}
		}
	}
	return joinErrors(errs)
}

// maxRequestConstraint is maxRequestConstraint: a request, at most max.
func maxRequestConstraint(typ, name string, enforced object.Quantity, req map[string]object.Quantity) error {
	r, ok := req[name]
	switch {
	case !ok:
		return fmt.Errorf("maximum %s usage per %s is %s.  No request is specified", name, typ, enforced)
	case r.MilliValue() > enforced.MilliValue():
		return fmt.Errorf("maximum %s usage per %s is %s, but request is %s", name, typ, enforced, r)
	}
	return nil
}

// joinErrors is utilerrors.NewAggregate's message: one error as it is,
// several as "[a, b]".
func joinErrors(errs []string) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errors.New(errs[0])
	}
	return errors.New("[" + strings.Join(errs, ", ") + "]")
}

// validatePodLimits is PodValidateLimitFunc.
func validatePodLimits(lr *object.Object, pod *object.Object) error {
	var errs []string
	spec := pod.Spec()
	for _, it := range object.ListAt(lr.Spec(), "limits") {
		item := object.AsMap(it)
		typ := object.StringAt(item, "type")
		check := func(requests, limits map[string]object.Quantity) {
			for _, c := range []struct {
				field string
				fn    func(typ, name string, enforced object.Quantity, req, lim map[string]object.Quantity) error
			}{{"min", minConstraint}, {"max", maxConstraint}, {"maxLimitRequestRatio", ratioConstraint}} {
				bounds := object.AsMap(item[c.field])
				for _, name := range sortedNames(bounds) {
					q, err := object.QuantityOf(bounds[name])
					if err != nil {
						continue
					}
					if err := c.fn(typ, name, q, requests, limits); err != nil {
						errs = append(errs, err.Error())
					}
				}
			}
		}
		switch typ {
		case "Container":
			for _, list := range []string{"containers", "initContainers"} {
				for _, c := range object.ListAt(spec, list) {
					res := object.AsMap(object.AsMap(c)["resources"])
					check(quantities(object.AsMap(res["requests"])), quantities(object.AsMap(res["limits"])))
				}
			}
		case "Pod":
			check(podTotals(spec, "requests"), podTotals(spec, "limits"))
		}
	}
	return joinErrors(errs)
}

// podTotals is a Pod's total of kind (requests or limits): its
// containers' sum, raised to its largest init container's.
func podTotals(spec map[string]any, kind string) map[string]object.Quantity {
	total := map[string]object.Quantity{}
	for _, c := range object.ListAt(spec, "containers") {
		for name, q := range quantities(object.AsMap(object.AsMap(object.AsMap(c)["resources"])[kind])) {
			if t, ok := total[name]; ok {
				q = t.Add(q)
			}
			total[name] = q
		}
	}
	for _, c := range object.ListAt(spec, "initContainers") {
		for name, q := range quantities(object.AsMap(object.AsMap(object.AsMap(c)["resources"])[kind])) {
			if q.Cmp(total[name]) > 0 {
				total[name] = q
			}
		}
	}
	return total
}

// quantities reads a resource list.
func quantities(m map[string]any) map[string]object.Quantity {
	out := make(map[string]object.Quantity, len(m))
	for name, v := range m {
		if q, err := object.QuantityOf(v); err == nil {
			out[name] = q
		}
	}
	return out
}

// minConstraint is minConstraint: a request at least min, a limit too.
func minConstraint(typ, name string, enforced object.Quantity, req, lim map[string]object.Quantity) error {
	r, hasReq := req[name]
	l, hasLim := lim[name]
	switch {
	case !hasReq:
		return fmt.Errorf("minimum %s usage per %s is %s.  No request is specified", name, typ, enforced)
	case r.MilliValue() < enforced.MilliValue():
		return fmt.Errorf("minimum %s usage per %s is %s, but request is %s", name, typ, enforced, r)
	case hasLim && l.MilliValue() < enforced.MilliValue():
		return fmt.Errorf("minimum %s usage per %s is %s, but limit is %s", name, typ, enforced, l)
	}
	return nil
}

// maxConstraint is maxConstraint: a limit, at most max, a request too.
func maxConstraint(typ, name string, enforced object.Quantity, req, lim map[string]object.Quantity) error {
	r, hasReq := req[name]
	l, hasLim := lim[name]
	switch {
	case !hasLim:
		return fmt.Errorf("maximum %s usage per %s is %s.  No limit is specified", name, typ, enforced)
	case l.MilliValue() > enforced.MilliValue():
		return fmt.Errorf("maximum %s usage per %s is %s, but limit is %s", name, typ, enforced, l)
	case hasReq && r.MilliValue() > enforced.MilliValue():
		return fmt.Errorf("maximum %s usage per %s is %s, but request is %s", name, typ, enforced, r)
	}
	return nil
}

// ratioConstraint is limitRequestRatioConstraint: limit ÷ request at most
// the ratio, both given and above 0.
func ratioConstraint(typ, name string, enforced object.Quantity, req, lim map[string]object.Quantity) error {
	r, hasReq := req[name]
	l, hasLim := lim[name]
	if !hasReq || r.MilliValue() == 0 {
		return fmt.Errorf("%s max limit to request ratio per %s is %s, but no request is specified or request is 0", name, typ, enforced)
	}
	if !hasLim || l.MilliValue() == 0 {
		return fmt.Errorf("%s max limit to request ratio per %s is %s, but no limit is specified or limit is 0", name, typ, enforced)
	}
	observed := float64(l.MilliValue()) / float64(r.MilliValue())
	if observed*1000 > float64(enforced.MilliValue()) {
		return fmt.Errorf("%s max limit to request ratio per %s is %s, but provided ratio is %f", name, typ, enforced, observed)
	}
	return nil
}

// sortedNames returns m's keys in order.
func sortedNames(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
