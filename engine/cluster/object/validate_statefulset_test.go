package object

import "testing"

const statefulSetYAML = `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: sv, namespace: demo}
spec:
  replicas: 2
  serviceName: sv
  selector: {matchLabels: {app: sv}}
  updateStrategy: {type: RollingUpdate, rollingUpdate: {maxUnavailable: 1}}
  template:
    metadata: {labels: {app: sv}}
    spec: {containers: [{name: c, image: x}]}
`

// The messages of a v1.37.2 API server for a StatefulSet's
// rollingUpdate.maxUnavailable.
func TestStatefulSetMaxUnavailableValidation(t *testing.T) {
	set := func(v any) func(o *Object) {
		return func(o *Object) { o.Set(".spec.updateStrategy.rollingUpdate.maxUnavailable", v) }
	}
	const fp = `StatefulSet.apps "sv" is invalid: spec.updateStrategy.rollingUpdate.maxUnavailable: `
	checkInvalidMessages(t, []invalidCase{
		{"one", statefulSetYAML, set(int64(1)), ""},
		{"a percentage", statefulSetYAML, set("50%"), ""},
		{"zero", statefulSetYAML, set(int64(0)), fp + `Invalid value: 0: cannot be 0`},
		{"over 100%", statefulSetYAML, set("150%"), fp + `Invalid value: "150%": must not be greater than 100%`},
		{"negative", statefulSetYAML, set(int64(-1)), fp + `Invalid value: -1: must be greater than or equal to 0`},
		{"not a percentage", statefulSetYAML, set("x%"), `StatefulSet.apps "sv" is invalid: [` +
			`spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "x%": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%'), ` +
			`spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "x%": cannot be 0]`},
	})
}
