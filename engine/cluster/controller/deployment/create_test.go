package deployment_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/controller/deployment"
	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset"
	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset/rstest"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// A Deployment of 3 on two workers until every Pod is ready: one
// ReplicaSet named after the template's hash, three Pods it controls, the
// conditions and Events Kubernetes reports.
func TestCreateDeployment(t *testing.T) {
	f := newFixture(t)
	f.start()
	f.Apply(web(3, "web:v1"))
	f.complete(3)
	d := f.deployment()

	rss := f.replicaSets()
	if len(rss) != 1 {
		t.Fatalf("%d ReplicaSets, want 1", len(rss))
	}
	rs := rss[0]
	tmpl, _, _ := d.Get(".spec.template")
	hash := controller.ComputeHash(tmpl.(map[string]any), nil)
	if rs.Meta.Name != "web-"+hash || len(hash) == 0 {
		t.Errorf("ReplicaSet %s, want web-%s", rs.Meta.Name, hash)
	}
	for _, path := range []string{`.metadata.labels["pod-template-hash"]`, `.spec.selector.matchLabels["pod-template-hash"]`,
		`.spec.template.metadata.labels["pod-template-hash"]`} {
		if v, _, _ := rs.Get(path); v != hash {
			t.Errorf("%s = %v, want %s", path, v, hash)
		}
	}
	ref, ok := rs.Meta.ControllerRef()
	if !ok || ref.Kind != "Deployment" || ref.Name != "web" || ref.UID != d.Meta.UID || !*ref.BlockOwnerDeletion {
		t.Errorf("ReplicaSet owner %v", rs.Meta.OwnerReferences)
	}
	for k, want := range map[string]string{deployment.RevisionAnnotation: "1",
		deployment.DesiredReplicasAnnotation: "3", deployment.MaxReplicasAnnotation: "4"} {
		if got := rs.Meta.Annotations[k]; got != want {
			t.Errorf("annotation %s = %q, want %q", k, got, want)
		}
	}

	pods := f.List(f.podKind)
	if len(pods) != 3 {
		t.Fatalf("%d Pods, want 3", len(pods))
	}
	for _, p := range pods {
		ref, ok := p.Meta.ControllerRef()
		if !ok || ref.Kind != "ReplicaSet" || ref.UID != rs.Meta.UID || !strings.HasPrefix(p.Meta.Name, rs.Meta.Name+"-") ||
			p.Meta.Labels["pod-template-hash"] != hash {
			t.Errorf("Pod %s: owner %v labels %v", p.Meta.Name, p.Meta.OwnerReferences, p.Meta.Labels)
		}
	}

	for field, want := range map[string]int64{"observedGeneration": 1, "replicas": 3, "updatedReplicas": 3,
		"readyReplicas": 3, "availableReplicas": 3, "unavailableReplicas": 0, "terminatingReplicas": 0} {
		if got := f.status(field); got != want {
			t.Errorf("status.%s = %d, want %d", field, got, want)
		}
	}
	conds := map[string][3]string{
		deployment.Available:   {"True", deployment.MinimumReplicasAvailable, "Deployment has minimum availability."},
		deployment.Progressing: {"True", deployment.NewRSAvailableReason, `ReplicaSet "` + rs.Meta.Name + `" has successfully progressed.`},
	}
	for typ, want := range conds {
		c := f.condition(typ)
		if got := [3]string{str(c["status"]), str(c["reason"]), str(c["message"])}; got != want {
			t.Errorf("%s condition %q, want %q", typ, got, want)
		}
	}
	if got, want := f.scalingEvents(), []string{"Scaled up replica set " + rs.Meta.Name + " from 0 to 3"}; !slices.Equal(got, want) {
		t.Errorf("ScalingReplicaSet events %q, want %q", got, want)
	}
	// The controller's first sync records the new ReplicaSet
	// (NewReplicaSetCreated) before the status it computes: the second
	// status write of the sync is stale and conflicts, as in Kubernetes.
	if c := f.Env.Log.Query(trace.From(deployment.Name), trace.Verbs(trace.Update), trace.Resource("deployments/status"), trace.Code(409)).Count(); c != 1 {
		t.Errorf("%d conflicting status writes, want 1", c)
	}
	if n := len(f.calls(replicaset.Name, trace.Create, "pods")); n != 3 {
		t.Errorf("%d Pods created, want 3", n)
	}
	rstest.Golden(t, *update, "create", rstest.Summary(f.Env.Log))
}

func str(v any) string { s, _ := v.(string); return s }
