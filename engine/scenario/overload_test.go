package scenario

import "testing"

// Under the overload fault the noisy client's level fills: some of its
// requests are refused with 429, while Alice and the kubelets are served.
func TestOverloadRefusesTheNoisyClient(t *testing.T) {
	s := parseScenario(t, `id: overload
title: Overload
run:
  - fault: overload api
  - wait: 20s
  - {id: alice, as: alice, raw: GET /api/v1/namespaces/demo/pods}
claims:
  - events noisy-client GET /version => 429 >= 1
  - events noisy-client GET /version => 200 >= 1
  - response alice .code == 200
  - no kubelet/* UPDATE leases * => 429
`)
	res, err := RunScenario(s, twoWorkers(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Claims {
		if !c.OK {
			t.Errorf("%s: expected %s, observed %s", c.Text, c.Expected, c.Observed)
		}
		t.Logf("%s: %s", c.Text, c.Observed)
	}
}
