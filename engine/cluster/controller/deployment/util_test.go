package deployment

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// ResolveFenceposts: maxSurge rounds up, maxUnavailable down, unset counts
// 0, and both 0 make maxUnavailable 1.
func TestResolveFenceposts(t *testing.T) {
	tests := []struct {
		name                  string
		surge, unavail        any
		desired               int32
		wantSurge, wantUnavai int32
	}{
		{"defaults on 4", "25%", "25%", 4, 1, 1},
		{"defaults on 3", "25%", "25%", 3, 1, 0},
		{"defaults on 10", "25%", "25%", 10, 3, 2},
		{"defaults on 1", "25%", "25%", 1, 1, 0},
		{"integers", int64(3), int64(2), 10, 3, 2},
		{"both 0 → unavailable 1", int64(0), "10%", 3, 0, 1},
		{"unset", nil, nil, 5, 0, 1},
		{"100%", "100%", "0%", 7, 7, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, u, err := resolveFenceposts(tc.surge, tc.unavail, tc.desired)
			if err != nil || s != tc.wantSurge || u != tc.wantUnavai {
				t.Errorf("= %d, %d, %v; want %d, %d", s, u, err, tc.wantSurge, tc.wantUnavai)
			}
		})
	}
}

func rsOf(replicas int32, maxReplicas string) *replicaSet {
	o := object.New("apps/v1", "ReplicaSet")
	if maxReplicas != "" {
		o.Meta.Annotations = map[string]string{MaxReplicasAnnotation: maxReplicas}
	}
	return &replicaSet{obj: o, replicas: replicas}
}

func deploymentOf(replicas int32, surge, unavail any) *deployment {
	return &deployment{obj: object.New("apps/v1", "Deployment"), replicas: replicas, strategy: RollingUpdateStrategy,
		maxSurge: surge, maxUnavail: unavail}
}

// NewRSNewReplicas: the new ReplicaSet grows by what maxSurge leaves, never
// past the Deployment's replicas; Recreate goes straight there.
func TestNewRSNewReplicas(t *testing.T) {
	tests := []struct {
		name  string
		d     *deployment
		old   []int32
		newRS int32
		want  int32
	}{
		{"first step on 4", deploymentOf(4, "25%", "25%"), []int32{4}, 0, 1},
		{"at the surge limit", deploymentOf(4, "25%", "25%"), []int32{4}, 1, 1},
		{"room for two", deploymentOf(10, int64(3), int64(2)), []int32{8}, 3, 5},
		{"never past replicas", deploymentOf(4, "100%", "0%"), []int32{1}, 3, 4},
		{"recreate", &deployment{obj: object.New("apps/v1", "Deployment"), replicas: 5, strategy: RecreateStrategy}, []int32{5}, 0, 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			newRS := rsOf(tc.newRS, "")
			all := []*replicaSet{newRS}
			for _, n := range tc.old {
				all = append(all, rsOf(n, ""))
			}
			if got, err := newRSNewReplicas(tc.d, all, newRS); err != nil || got != tc.want {
				t.Errorf("= %d, %v; want %d", got, err, tc.want)
			}
		})
	}
}

// GetReplicaSetProportion: a ReplicaSet's share of a scaling, from the
// max-replicas it was told, capped by what is left to hand out.
func TestReplicaSetProportion(t *testing.T) {
	d := deploymentOf(20, int64(3), int64(2))
	tests := []struct {
		name       string
		rs         *replicaSet
		toAdd, add int32
		want       int32
	}{
		{"8 of 13 to 23", rsOf(8, "13"), 10, 0, 6},
		{"5 of 13 to 23, 4 left", rsOf(5, "13"), 10, 6, 4},
		{"capped by what is left", rsOf(5, "13"), 10, 8, 2},
		{"empty ReplicaSet", rsOf(0, "13"), 10, 0, 0},
		{"nothing to add", rsOf(8, "13"), 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := replicaSetProportion(tc.rs, d, tc.toAdd, tc.add); got != tc.want {
				t.Errorf("= %d, want %d", got, tc.want)
			}
		})
	}
	down := deploymentOf(5, int64(1), int64(1))
	if got := replicaSetProportion(rsOf(8, "13"), down, -7, 0); got != -4 {
		t.Errorf("scaling 13 → 6: 8 gets %d, want -4 (round(8·6/13) − 8)", got)
	}
}
