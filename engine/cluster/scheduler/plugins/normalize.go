package plugins

import "github.com/loopbook/loopbook/engine/cluster/scheduler/framework"

// defaultNormalizeScore scales scores so the highest becomes maxPriority,
// reversed (max minus that) when reverse is set; when every score is 0 they
// all become 0, or maxPriority if reversed (plugins/helper/normalize_score.go).
func defaultNormalizeScore(maxPriority int64, reverse bool, scores []framework.NodeScore) {
	var maxCount int64
	for i := range scores {
		maxCount = max(maxCount, scores[i].Score)
	}
	if maxCount == 0 {
		if reverse {
			for i := range scores {
				scores[i].Score = maxPriority
			}
		}
		return
	}
	for i := range scores {
		s := maxPriority * scores[i].Score / maxCount
		if reverse {
			s = maxPriority - s
		}
		scores[i].Score = s
	}
}
