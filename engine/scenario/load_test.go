package scenario

import (
	"path/filepath"
	"testing"
)

// A load action sets what the selected Pods' CPU costs, as metrics-server
// reports it: a raw read of the PodMetrics shows the share of each.
func TestLoadSetsPodCPU(t *testing.T) {
	fx, err := LoadFixtures(filepath.Join("..", "..", "lessons", "_fixtures"))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := Config(fx["web-metrics"], 1)
	if err != nil {
		t.Fatal(err)
	}
	s := parseScenario(t, `id: load
title: Load
run:
  - load: demo app=web
    cpu: 600m
  - wait: 1m
  - id: metrics
    as: alice
    raw: GET /apis/metrics.k8s.io/v1beta1/namespaces/demo/pods
claims:
  - response metrics .code == 200
  - response metrics .output matches /"cpu":"200m"/
`)
	res, err := RunScenario(s, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Claims {
		if !c.OK {
			t.Errorf("%s: expected %s, observed %s", c.Text, c.Expected, c.Observed)
		}
	}
}
