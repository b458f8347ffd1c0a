package deployment

import (
	"strconv"
	"strings"
)

// Annotations (pkg/controller/deployment/util/deployment_util.go).
const (
	// RevisionAnnotation is the revision of a Deployment and of each of
	// its ReplicaSets.
	RevisionAnnotation = "deployment.kubernetes.io/revision"
	// RevisionHistoryAnnotation lists the revisions a ReplicaSet was
	// before (a rollback to it gives it a new one).
	RevisionHistoryAnnotation = "deployment.kubernetes.io/revision-history"
	// DesiredReplicasAnnotation is the Deployment's replicas when the
	// ReplicaSet was last scaled.
	DesiredReplicasAnnotation = "deployment.kubernetes.io/desired-replicas"
	// MaxReplicasAnnotation is replicas + maxSurge then.
	MaxReplicasAnnotation = "deployment.kubernetes.io/max-replicas"

	lastAppliedConfigAnnotation = "kubectl.kubernetes.io/last-applied-configuration"
	deprecatedRollbackTo        = "deprecated.deployment.rollback.to"

	// maxRevHistoryLengthInChars bounds the revision history (sync.go).
	maxRevHistoryLengthInChars = 2000
)

// annotationsToSkip are not copied from a Deployment to its ReplicaSets.
func skipCopyAnnotation(k string) bool {
	switch k {
	case lastAppliedConfigAnnotation, RevisionAnnotation, RevisionHistoryAnnotation,
		DesiredReplicasAnnotation, MaxReplicasAnnotation, deprecatedRollbackTo:
		return true
	}
	return false
}

// revision is util.Revision: the revision annotation, 0 when absent.
func revision(annotations map[string]string) (int64, error) {
	v, ok := annotations[RevisionAnnotation]
	if !ok {
		return 0, nil
	}
	return strconv.ParseInt(v, 10, 64)
}

// maxRevision is util.MaxRevision.
func maxRevision(rss []*replicaSet) int64 {
	var m int64
	for _, rs := range rss {
		if v, err := revision(rs.obj.Meta.Annotations); err == nil && v > m {
			m = v
		}
	}
	return m
}

// setDeploymentRevision is util.SetDeploymentRevision.
func setDeploymentRevision(d *deployment, rev string) bool {
	if d.annotations[RevisionAnnotation] != rev {
		d.annotations[RevisionAnnotation] = rev
		return true
	}
	return false
}

// copyDeploymentAnnotations is copyDeploymentAnnotationsToReplicaSet.
func copyDeploymentAnnotations(d *deployment, rsAnn map[string]string) bool {
	changed := false
	for k, v := range d.annotations {
		if cur, ok := rsAnn[k]; skipCopyAnnotation(k) || (ok && cur == v) {
			continue
		}
		rsAnn[k] = v
		changed = true
	}
	return changed
}

// setNewReplicaSetAnnotations is util.SetNewReplicaSetAnnotations: copy
// the Deployment's annotations, raise the revision (remembering the old
// one in the history), and for a ReplicaSet being created set the
// replicas annotations.
func setNewReplicaSetAnnotations(d *deployment, rsAnn map[string]string, newRevision string, exists bool) bool {
	changed := copyDeploymentAnnotations(d, rsAnn)
	oldRevision, ok := rsAnn[RevisionAnnotation]
	oldInt, err := strconv.ParseInt(oldRevision, 10, 64)
	if err != nil {
		if oldRevision != "" {
			return false // "Updating replica set revision OldRevision not int"
		}
		oldInt = 0
	}
	newInt, err := strconv.ParseInt(newRevision, 10, 64)
	if err != nil {
		return false
	}
	if oldInt < newInt {
		rsAnn[RevisionAnnotation] = newRevision
		changed = true
	}
	if ok && oldInt < newInt {
		history := rsAnn[RevisionHistoryAnnotation]
		old := strings.Split(history, ",")
		if len(old[0]) == 0 {
			rsAnn[RevisionHistoryAnnotation] = oldRevision
		} else {
			total := len(history) + len(oldRevision) + 1
			start := 0
			for total > maxRevHistoryLengthInChars && start < len(old) {
				total = total - len(old[start]) - 1
				start++
			}
			if total <= maxRevHistoryLengthInChars {
				rsAnn[RevisionHistoryAnnotation] = strings.Join(append(old[start:], oldRevision), ",")
			}
		}
	}
	if !exists && setReplicasAnnotations(rsAnn, d.replicas, d.replicas+maxSurge(d)) {
		changed = true
	}
	return changed
}

// setReplicasAnnotations is util.SetReplicasAnnotations.
func setReplicasAnnotations(ann map[string]string, desired, max int32) bool {
	updated := false
	if s := strconv.Itoa(int(desired)); ann[DesiredReplicasAnnotation] != s {
		ann[DesiredReplicasAnnotation] = s
		updated = true
	}
	if s := strconv.Itoa(int(max)); ann[MaxReplicasAnnotation] != s {
		ann[MaxReplicasAnnotation] = s
		updated = true
	}
	return updated
}

// replicasAnnotationsNeedUpdate is util.ReplicasAnnotationsNeedUpdate.
func replicasAnnotationsNeedUpdate(ann map[string]string, desired, max int32) bool {
	if ann == nil {
		return true
	}
	return ann[DesiredReplicasAnnotation] != strconv.Itoa(int(desired)) || ann[MaxReplicasAnnotation] != strconv.Itoa(int(max))
}

// nonNegativeInt32Annotation is getNonNegativeInt32FromAnnotation.
func nonNegativeInt32Annotation(ann map[string]string, key string) (int32, bool) {
	v, ok := ann[key]
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseUint(v, 10, 32)
	if err != nil || n > 1<<31-1 {
		return 0, false
	}
	return int32(n), true
}
