package cluster

import "time"

// DefaultBootQuietPeriod is how long a cluster just started must be quiet
// to count as booted (see Cluster.SettleBoot). A boot converges in a
// handful of seconds — Nodes register, leaders are elected, the fixture's
// objects are reconciled and its Pods start — and then only heartbeats
// follow, which are not activity. The window is longer than the default
// probe period, so a Pod waiting for its next readiness probe is not
// mistaken for a settled one.
const DefaultBootQuietPeriod = 15 * time.Second

// defaultProbePeriod is a probe's periodSeconds when the Pod names none
// (k8s.io/api/core/v1 types.go, Probe.PeriodSeconds: "Default to 10
// seconds").
const defaultProbePeriod = 10 * time.Second

// BootQuietPeriod is the quiet window of SettleBoot: DefaultBootQuietPeriod,
// lengthened for an image slow enough to leave a longer gap between a
// boot's steps (its pull, its start, and its readiness after it started,
// then a probe period to see it), and never longer than the cluster's
// quiet period.
func (c *Cluster) BootQuietPeriod() time.Duration {
	q := DefaultBootQuietPeriod
	for _, im := range c.cfg.Images {
		q = max(q, im.PullDuration+im.StartDuration+im.ReadyAfter+defaultProbePeriod)
	}
	return min(q, c.cfg.QuietPeriod)
}
