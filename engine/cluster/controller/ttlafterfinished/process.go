package ttlafterfinished

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller/job"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// processJob is processJob: a Job from the cache that has expired is
// read again from the API server and, still expired, deleted in the
// foreground on the condition that its UID is the one read.
func (tc *Controller) processJob(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	cached, ok := tc.jobs.Lister().Get(ns, name)
	if !ok {
		return nil
	}
	if expired, err := tc.processTTL(key, cached); err != nil || !expired {
		return err
	}
	resp := tc.Client.DoGet(tc.jobKind, ns, name)
	if resp.Code == 404 {
		return nil
	}
	fresh, err := client.Shared(resp)
	if err != nil {
		return err
	}
	if expired, err := tc.processTTL(key, fresh); err != nil || !expired {
		return err
	}
	return tc.Client.Do(client.DeleteRequest(tc.jobKind, ns, name, api.DeleteOptions{
		PropagationPolicy: api.PropagationForeground,
		Preconditions:     &api.Preconditions{UID: fresh.Meta.UID},
	}), nil).Err()
}

// processTTL is processTTL: whether the Job has expired; one that will
// expire later is looked at again then.
func (tc *Controller) processTTL(key string, j *object.Object) (bool, error) {
	if j.Meta.DeletionTimestamp != nil || !needsCleanup(j) {
		return false, nil
	}
	expireAt, err := expiry(j)
	if err != nil {
		return false, err
	}
	left := expireAt.Sub(tc.loop.Now().Wall())
	if left <= 0 {
		return true, nil
	}
	tc.Queue.AddAfter(key, left)
	return false, nil
}

// needsCleanup is needsCleanup: the Job has a TTL and has finished.
func needsCleanup(j *object.Object) bool {
	_, ok := j.Spec()["ttlSecondsAfterFinished"]
	return ok && job.Finished(j)
}

// expiry is getFinishAndExpireTime's expiry: the finish time (jobFinishTime:
// the lastTransitionTime of the Complete or Failed condition) plus the TTL.
func expiry(j *object.Object) (time.Time, error) {
	for _, e := range object.ListAt(j.Status(), "conditions") {
		c := object.AsMap(e)
		if (c["type"] == "Complete" || c["type"] == "Failed") && c["status"] == "True" {
			at := object.TimeAt(c, "lastTransitionTime")
			if at.IsZero() {
				break
			}
			ttl, _ := object.Int(j.Spec()["ttlSecondsAfterFinished"])
			return at.Add(time.Duration(ttl) * time.Second), nil
		}
	}
	return time.Time{}, fmt.Errorf("unable to find the time when the Job %s/%s finished", j.Meta.Namespace, j.Meta.Name)
}
