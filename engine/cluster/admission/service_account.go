package admission

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Values of plugin/pkg/admission/serviceaccount/admission.go.
const (
	// DefaultServiceAccountName is the account a Pod without one gets.
	DefaultServiceAccountName = "default"
	// ServiceAccountVolumeName prefixes the generated token volume's name:
	// kube-api-access-x2kqp.
	ServiceAccountVolumeName = "kube-api-access"
	// DefaultAPITokenMountPath is where every container mounts it.
	DefaultAPITokenMountPath = "/var/run/secrets/kubernetes.io/serviceaccount"
	// MirrorPodAnnotationKey marks a kubelet's mirror of a static Pod
	// (k8s.io/api/core/v1/annotation_key_constants.go).
	MirrorPodAnnotationKey = "kubernetes.io/config.mirror"
)

// ServiceAccount is plugin/pkg/admission/serviceaccount/admission.go for
// Pod creation (other operations and subresources pass):
//   - Admit sets spec.serviceAccountName to "default" when empty; rejects
//     with 403 `pods "web" is forbidden: error looking up service account
//     demo/default: serviceaccount "default" not found` when the account
//     does not exist; unless automounting is off (the Pod's
//     automountServiceAccountToken, else the account's, else on) adds the
//     projected volume kube-api-access-XXXXX and mounts it read-only at
//     DefaultAPITokenMountPath in every init container and container that
//     has nothing mounted there; copies the account's imagePullSecrets to
//     a Pod that has none.
//   - Validate (also run at the end of Admit) requires the account to
//     exist, and refuses mirror Pods that reference an account, secrets or
//     token projections.
//
// Not modelled: the kubernetes.io/enforce-mountable-secrets check and
// ephemeral containers.
type ServiceAccount struct {
	accounts     ServiceAccounts
	generateName func(base string) string
}

var _ Mutator = (*ServiceAccount)(nil)

// NewServiceAccount returns the plugin. generateName appends the random
// suffix to the volume name's base, as names.SimpleNameGenerator does; pass
// one drawing from the run's seeded generator (see GenerateNameFunc).
func NewServiceAccount(accounts ServiceAccounts, generateName func(base string) string) *ServiceAccount {
	return &ServiceAccount{accounts: accounts, generateName: generateName}
}

// GenerateNameFunc returns a name generator drawing from r:
// object.GenerateName's five characters of Kubernetes' alphabet.
func GenerateNameFunc(r object.Rand) func(base string) string {
	return func(base string) string { return object.GenerateName(base, r) }
}

// Name is "ServiceAccount".
func (*ServiceAccount) Name() string { return ServiceAccountName }

// Handles is Scoped: both phases take creates of Pods.
func (*ServiceAccount) Handles(op api.Operation, group, resource, sub string) (admit, validate bool) {
	pod := creates(op, group, resource, sub, "", "pods")
	return pod, pod
}

// Admit applies the defaults described on ServiceAccount.
func (s *ServiceAccount) Admit(a *api.AdmissionAttributes) *api.Status {
	return s.AdmitChanges(a, &trace.Change{})
}

// AdmitChanges is Admit, reporting the fields it set.
func (s *ServiceAccount) AdmitChanges(a *api.AdmissionAttributes, ch *trace.Change) *api.Status {
	if ignoredBySA(a) || a.Operation != api.OpCreate {
		return nil
	}
	pod := a.Object
	if _, mirror := pod.Meta.Annotations[MirrorPodAnnotationKey]; mirror {
		return s.Validate(a)
	}
	spec := pod.EnsureMap("spec")
	name := strOf(spec["serviceAccountName"])
	if name == "" {
		name = DefaultServiceAccountName
		spec["serviceAccountName"] = name
		ch.Set = append(ch.Set, ".spec.serviceAccountName")
	}
	sa, st := s.lookup(a, name)
	if st != nil {
		return st
	}
	if shouldAutomount(sa, spec) {
		s.mountToken(spec, ch)
	}
	if len(listOf(spec["imagePullSecrets"])) == 0 {
		if secrets := listOf(sa.Content["imagePullSecrets"]); len(secrets) > 0 {
			spec["imagePullSecrets"] = object.DeepCopyValue(secrets)
			ch.Set = append(ch.Set, ".spec.imagePullSecrets")
		}
	}
	return s.Validate(a)
}

// Validate checks the Pod's account, as the plugin's Validate does.
func (s *ServiceAccount) Validate(a *api.AdmissionAttributes) *api.Status {
	if ignoredBySA(a) || a.Operation != api.OpCreate {
		return nil
	}
	pod := a.Object
	spec := mapOf(pod.Content["spec"])
	if _, mirror := pod.Meta.Annotations[MirrorPodAnnotationKey]; mirror {
		return validateMirrorPod(a, spec)
	}
	name := strOf(spec["serviceAccountName"])
	if name == "" {
		return newForbidden(a, fmt.Sprintf("no service account specified for pod %s/%s", a.Namespace, pod.Meta.Name))
	}
	_, st := s.lookup(a, name)
	return st
}

// lookup finds the account, or the plugin's 403: getServiceAccount ends in
// errors.NewNotFound(api.Resource("serviceaccount"), name), singular.
func (s *ServiceAccount) lookup(a *api.AdmissionAttributes, name string) (*object.Object, *api.Status) {
	if sa := s.accounts.ServiceAccount(a.Namespace, name); sa != nil {
		return sa, nil
	}
	notFound := api.NewNotFound(api.GroupResource{Resource: "serviceaccount"}, name)
	return nil, newForbidden(a, fmt.Sprintf("error looking up service account %s/%s: %s", a.Namespace, name, notFound.Message))
}

// ignoredBySA is the plugin's shouldIgnore: only Pods proper.
func ignoredBySA(a *api.AdmissionAttributes) bool {
	return !isCore(a, "pods") || a.Subresource != "" || a.Object == nil || a.Object.Kind != "Pod"
}

// shouldAutomount: the Pod's preference wins, then the account's, else on.
func shouldAutomount(sa *object.Object, spec map[string]any) bool {
	if b, ok := boolAt(spec, "automountServiceAccountToken"); ok {
		return b
	}
	if b, ok := boolAt(sa.Content, "automountServiceAccountToken"); ok {
		return b
	}
	return true
}
