package admission

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Priority values of pkg/apis/scheduling/types.go.
const (
	// DefaultPriorityWhenNoDefaultClassExists is a Pod's priority when it
	// names no class and no class is the global default.
	DefaultPriorityWhenNoDefaultClassExists = 0
	// HighestUserDefinablePriority caps user-defined classes.
	HighestUserDefinablePriority = 1000000000
	// SystemCriticalPriority is system-cluster-critical's value;
	// system-node-critical is 1000 more.
	SystemCriticalPriority = 2 * HighestUserDefinablePriority
	// PreemptLowerPriority is the default preemptionPolicy
	// (k8s.io/api/core/v1/types.go).
	PreemptLowerPriority = "PreemptLowerPriority"
)

// PriorityClass is what the Priority plugin reads of a PriorityClass.
type PriorityClass struct {
	Name             string
	Value            int32
	GlobalDefault    bool
	PreemptionPolicy string // "" means none set
}

// PriorityClasses lists the cluster's PriorityClasses.
type PriorityClasses interface{ PriorityClasses() []PriorityClass }

// PriorityClassesFunc adapts a function to PriorityClasses.
type PriorityClassesFunc func() []PriorityClass

// PriorityClasses calls f.
func (f PriorityClassesFunc) PriorityClasses() []PriorityClass { return f() }

// systemPriorityClasses are the classes the API server creates at start
// (SystemPriorityClasses, pkg/apis/scheduling/helpers.go), returned by
// value so that nothing can change them.
func systemPriorityClasses() [2]PriorityClass {
	return [...]PriorityClass{
		{Name: "system-node-critical", Value: SystemCriticalPriority + 1000, PreemptionPolicy: PreemptLowerPriority},
		{Name: "system-cluster-critical", Value: SystemCriticalPriority, PreemptionPolicy: PreemptLowerPriority},
	}
}

// Priority is plugin/pkg/admission/priority/admission.go for Pods: on
// create it resolves spec.priorityClassName (empty: the global default
// class, else priority 0 with preemptionPolicy PreemptLowerPriority) into
// spec.priority and spec.preemptionPolicy, and refuses with 403 an unknown
// class (`no PriorityClass with name X was found`) or a priority or policy
// given in the spec that differs from the class's; on update it carries the
// old values over. PriorityClass validation is not modelled.
type Priority struct{ classes PriorityClasses }

var _ Mutator = (*Priority)(nil)

// NewPriority returns the plugin; classes may be nil, leaving only the two
// system classes.
func NewPriority(classes PriorityClasses) *Priority { return &Priority{classes: classes} }

// Name is "Priority".
func (*Priority) Name() string { return PriorityName }

// Handles is Scoped: Admit takes writes of Pods; Validate does nothing.
func (*Priority) Handles(_ api.Operation, group, resource, sub string) (admit, validate bool) {
	return addresses(group, resource, sub, "", "pods"), false
}

// Admit resolves the priority.
func (p *Priority) Admit(a *api.AdmissionAttributes) *api.Status {
	return p.AdmitChanges(a, &trace.Change{})
}

// Validate does nothing: PriorityClass objects are not modelled.
func (*Priority) Validate(*api.AdmissionAttributes) *api.Status { return nil }

// AdmitChanges is Admit, reporting the fields it set.
func (p *Priority) AdmitChanges(a *api.AdmissionAttributes, ch *trace.Change) *api.Status {
	if a.Subresource != "" || !isCore(a, "pods") || a.Object == nil {
		return nil
	}
	spec := a.Object.EnsureMap("spec")
	switch a.Operation {
	case api.OpUpdate:
		if a.OldObject == nil {
			return nil
		}
		old := mapOf(a.OldObject.Content["spec"])
		for _, k := range [...]string{"priority", "preemptionPolicy"} {
			if _, ok := spec[k]; !ok && old[k] != nil {
				spec[k] = old[k]
				ch.Set = append(ch.Set, fieldPath("spec", k))
			}
		}
		return nil
	case api.OpCreate:
		return p.admitCreate(a, spec, ch)
	}
	return nil
}

func (p *Priority) admitCreate(a *api.AdmissionAttributes, spec map[string]any, ch *trace.Change) *api.Status {
	className := strOf(spec["priorityClassName"])
	var class PriorityClass
	if className == "" {
		class = PriorityClass{Value: DefaultPriorityWhenNoDefaultClassExists, PreemptionPolicy: PreemptLowerPriority}
		if def, ok := p.globalDefault(); ok {
			class = def
			spec["priorityClassName"] = def.Name
			ch.Set = append(ch.Set, ".spec.priorityClassName")
		}
	} else {
		c, ok := p.find(className)
		if !ok {
			return newForbidden(a, fmt.Sprintf("no PriorityClass with name %v was found", className))
		}
		class = c
	}
	if given, ok := object.Int(spec["priority"]); ok && given != int64(class.Value) {
		return newForbidden(a, fmt.Sprintf("the integer value of priority (%d) must not be provided in pod spec; priority admission controller computed %d from the given PriorityClass name", given, class.Value))
	}
	if _, ok := spec["priority"]; !ok {
		ch.Set = append(ch.Set, ".spec.priority")
	}
	spec["priority"] = int64(class.Value)
	if class.PreemptionPolicy != "" {
		given := strOf(spec["preemptionPolicy"])
		if given != "" && given != class.PreemptionPolicy {
			return newForbidden(a, fmt.Sprintf("the string value of PreemptionPolicy (%s) must not be provided in pod spec; priority admission controller computed %s from the given PriorityClass name", given, class.PreemptionPolicy))
		}
		if given == "" {
			spec["preemptionPolicy"] = class.PreemptionPolicy
			ch.Set = append(ch.Set, ".spec.preemptionPolicy")
		}
	}
	return nil
}

// each calls f for the system classes, then the cluster's.
func (p *Priority) each(f func(PriorityClass)) {
	for _, c := range systemPriorityClasses() {
		f(c)
	}
	if p.classes != nil {
		for _, c := range p.classes.PriorityClasses() {
			f(c)
		}
	}
}

func (p *Priority) find(name string) (PriorityClass, bool) {
	var found PriorityClass
	ok := false
	p.each(func(c PriorityClass) {
		if !ok && c.Name == name {
			found, ok = c, true
		}
	})
	return found, ok
}

// globalDefault is getDefaultPriorityClass: of several global defaults
// (a race), the lowest value wins.
func (p *Priority) globalDefault() (PriorityClass, bool) {
	var def PriorityClass
	found := false
	p.each(func(c PriorityClass) {
		if c.GlobalDefault && (!found || c.Value < def.Value) {
			def, found = c, true
		}
	})
	return def, found
}
