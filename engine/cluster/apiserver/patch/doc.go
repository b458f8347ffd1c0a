// Package patch applies the three patch types of the Kubernetes API to
// object trees (map[string]any, as object.Object.ToMap renders them):
//
//   - JSON merge patch (RFC 7386, application/merge-patch+json): maps merge,
//     null deletes, everything else replaces, lists included.
//   - Strategic merge patch (application/strategic-merge-patch+json), as
//     k8s.io/apimachinery/pkg/util/strategicpatch applies it for the lists
//     this model's lessons patch: lists declared with a patch merge key in
//     the Kubernetes API types merge element by element on that key
//     (containers, initContainers, volumes, env, imagePullSecrets by name;
//     ports of a container by containerPort, of a Service by port;
//     volumeMounts by mountPath; status conditions and node addresses by
//     type; ownerReferences by uid), metadata.finalizers merges as a set,
//     and every other list is replaced. The directives $patch: delete,
//     $patch: replace and $deleteFromPrimitiveList/ are honoured;
//     $setElementOrder/ and $retainKeys are accepted and ignored (new
//     elements go at the end). Tolerations and taints have no merge key in
//     Kubernetes, so a patch replaces them whole, as there.
//   - JSON patch (RFC 6902, application/json-patch+json): add, remove,
//     replace, move, copy and test with JSON pointers.
//
// Every function returns a new tree and never modifies its inputs: values
// taken from the patch are deep-copied, values of the target that the patch
// does not touch are shared.
package patch
