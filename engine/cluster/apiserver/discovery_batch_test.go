package apiserver

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDiscoveryBatch(t *testing.T) {
	h := newHarness(t)
	resp := h.must(h.do("admin", "GET", "/apis/batch/v1", nil))
	var list struct {
		GroupVersion string `json:"groupVersion"`
		Resources    []struct {
			Name       string   `json:"name"`
			Namespaced bool     `json:"namespaced"`
			Kind       string   `json:"kind"`
			ShortNames []string `json:"shortNames"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(resp.Raw, &list); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range list.Resources {
		got = append(got, r.Name+" "+r.Kind+" "+strings.Join(r.ShortNames, ","))
	}
	want := "cronjobs CronJob cj|cronjobs/status CronJob |jobs Job |jobs/status Job "
	if strings.Join(got, "|") != want || list.GroupVersion != "batch/v1" {
		t.Errorf("batch/v1 %s: %q, want %q", list.GroupVersion, strings.Join(got, "|"), want)
	}
}
