package kubelet

import "testing"

// resultFor gives the result held for the container asked about only.
func TestProbeWorkerResultFor(t *testing.T) {
	for _, tc := range []struct {
		name   string
		pw     *probeWorker
		id     string
		want   probeResult
		wantOK bool
	}{
		{"no worker", nil, "containerd://a", resultUnknown, false},
		{"no result", &probeWorker{containerID: "containerd://a", result: resultSuccess}, "containerd://a", resultUnknown, false},
		{"other container", &probeWorker{containerID: "containerd://b", result: resultSuccess, hasResult: true}, "containerd://a", resultUnknown, false},
		{"success", &probeWorker{containerID: "containerd://a", result: resultSuccess, hasResult: true}, "containerd://a", resultSuccess, true},
		{"failure", &probeWorker{containerID: "containerd://a", result: resultFailure, hasResult: true}, "containerd://a", resultFailure, true},
	} {
		if got, ok := tc.pw.resultFor(tc.id); got != tc.want || ok != tc.wantOK {
			t.Errorf("%s: resultFor = %v, %v; want %v, %v", tc.name, got, ok, tc.want, tc.wantOK)
		}
	}
}
