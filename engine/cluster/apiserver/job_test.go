package apiserver

import (
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

const jobsPath = "/apis/batch/v1/namespaces/demo/jobs"

// jobBody is a Job of the pod template spec tpl; extra adds spec fields.
func jobBody(name string, tpl map[string]any, extra map[string]any) map[string]any {
	spec := map[string]any{"template": tpl}
	for k, v := range extra {
		spec[k] = v
	}
	return obj("batch/v1", "Job", "", name, map[string]any{"spec": spec})
}

func jobTemplate(restartPolicy string, labels map[string]any) map[string]any {
	tpl := map[string]any{"spec": map[string]any{"containers": []any{map[string]any{"name": "pi", "image": "busybox"}}}}
	if restartPolicy != "" {
		tpl["spec"].(map[string]any)["restartPolicy"] = restartPolicy
	}
	if labels != nil {
		tpl["metadata"] = map[string]any{"labels": labels}
	}
	return tpl
}

// A created Job is defaulted and gets its generated selector and labels,
// as kube-apiserver v1.37 answers `kubectl create` of the same Job.
func TestJobCreateDefaultsAndGeneratesSelector(t *testing.T) {
	h := newHarness(t)
	resp := h.must(h.do("alice", "POST", jobsPath, jobBody("pi", jobTemplate("Never", nil), map[string]any{"completions": int64(3), "parallelism": int64(2)})))
	job := resp.Object
	uid := job.Meta.UID
	want := map[string]string{
		"batch.kubernetes.io/controller-uid": uid, "batch.kubernetes.io/job-name": "pi",
		"controller-uid": uid, "job-name": "pi",
	}
	for _, path := range []string{".spec.template.metadata.labels", ".metadata.labels"} {
		got, _, _ := job.Get(path)
		m, _ := got.(map[string]any)
		if len(m) != len(want) {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
		for k, v := range want {
			if m[k] != v {
				t.Errorf("%s[%s] = %v, want %s", path, k, m[k], v)
			}
		}
	}
	for path, want := range map[string]any{
		".spec.selector.matchLabels[\"batch.kubernetes.io/controller-uid\"]": uid,
		".spec.backoffLimit": int64(6), ".spec.completionMode": "NonIndexed", ".spec.completions": int64(3),
		".spec.parallelism": int64(2), ".spec.manualSelector": false, ".spec.suspend": false,
		".spec.podReplacementPolicy": "TerminatingOrFailed", ".spec.template.spec.restartPolicy": "Never",
		".spec.template.spec.terminationGracePeriodSeconds": int64(30), ".metadata.generation": int64(1),
	} {
		if got, _, _ := job.Get(path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	one := h.must(h.do("alice", "POST", jobsPath, jobBody("once", jobTemplate("OnFailure", nil), nil))).Object
	for path, want := range map[string]any{".spec.completions": int64(1), ".spec.parallelism": int64(1)} {
		if got, _, _ := one.Get(path); got != want {
			t.Errorf("a Job with neither: %s = %v, want %v", path, got, want)
		}
	}
	work := h.must(h.do("alice", "POST", jobsPath, jobBody("queue", jobTemplate("Never", nil), map[string]any{"parallelism": int64(4)}))).Object
	if _, ok, _ := work.Get(".spec.completions"); ok {
		t.Error("a work-queue Job (parallelism alone) got completions")
	}
}

// Invalid Jobs are refused with kube-apiserver v1.37's messages, in its
// order.
func TestJobValidation(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		name string
		body map[string]any
		want string
	}{
		{"default restartPolicy Always", jobBody("pi", jobTemplate("", nil), nil),
			`Job.batch "pi" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"`},
		{"negative counts", jobBody("pi", jobTemplate("Never", nil), map[string]any{"completions": int64(-1), "parallelism": int64(-2), "backoffLimit": int64(-1)}),
			`Job.batch "pi" is invalid: [spec.parallelism: Invalid value: -2: must be greater than or equal to 0, spec.completions: Invalid value: -1: must be greater than or equal to 0, spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0]`},
		{"enumerations and deadlines", jobBody("pi", jobTemplate("Never", nil), map[string]any{"activeDeadlineSeconds": int64(-1), "ttlSecondsAfterFinished": int64(-1), "completionMode": "Foo", "podReplacementPolicy": "X"}),
			`Job.batch "pi" is invalid: [spec.activeDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0, spec.ttlSecondsAfterFinished: Invalid value: -1: must be greater than or equal to 0, spec.completionMode: Unsupported value: "Foo": supported values: "NonIndexed", "Indexed", spec.podReplacementPolicy: Unsupported value: "X": supported values: "Failed", "TerminatingOrFailed"]`},
		{"indexed without completions", jobBody("pi", jobTemplate("Never", nil), map[string]any{"completionMode": "Indexed", "parallelism": int64(2)}),
			`Job.batch "pi" is invalid: spec.completions: Required value: when completion mode is Indexed`},
		{"manual selector missing", jobBody("pi", jobTemplate("Never", map[string]any{"app": "w"}), map[string]any{"manualSelector": true}),
			`Job.batch "pi" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: {"app":"w"}: ` + "`selector` does not match template `labels`]"},
		{"manual selector not matching", jobBody("pi", jobTemplate("Never", map[string]any{"app": "other"}), map[string]any{"manualSelector": true, "selector": map[string]any{"matchLabels": map[string]any{"app": "mine"}}}),
			`Job.batch "pi" is invalid: spec.template.metadata.labels: Invalid value: {"app":"other"}: ` + "`selector` does not match template `labels`"},
	}
	cases = append(cases, struct {
		name string
		body map[string]any
		want string
	}{"pod failure policy", jobBody("bad", jobTemplate("OnFailure", nil), map[string]any{
		"podReplacementPolicy": "TerminatingOrFailed",
		"podFailurePolicy": map[string]any{"rules": []any{
			map[string]any{"action": "FailIndex", "onExitCodes": map[string]any{"operator": "In", "values": []any{int64(0), int64(3), int64(2), int64(3)}}},
			map[string]any{"action": "Explode", "onExitCodes": map[string]any{"containerName": "nope", "operator": "Has", "values": []any{}}},
			map[string]any{"onPodConditions": []any{map[string]any{"type": "DisruptionTarget"}, map[string]any{"type": "bad type!", "status": "Maybe"}}},
			map[string]any{"action": "Ignore"},
			map[string]any{"action": "Count", "onExitCodes": map[string]any{"operator": "NotIn", "values": []any{int64(1)}},
				"onPodConditions": []any{map[string]any{"type": "DisruptionTarget", "status": "True"}}},
		}},
	}), `Job.batch "bad" is invalid: [spec.podFailurePolicy.rules[0].action: Invalid value: "FailIndex": requires the backoffLimitPerIndex to be set, ` +
		`spec.podFailurePolicy.rules[0].onExitCodes.values[0]: Invalid value: 0: must not be 0 for the In operator, ` +
		`spec.podFailurePolicy.rules[0].onExitCodes.values[3]: Duplicate value: 3, ` +
		`spec.podFailurePolicy.rules[0].onExitCodes.values: Invalid value: [0,3,2,3]: must be ordered, ` +
		`spec.podFailurePolicy.rules[1].action: Unsupported value: "Explode": supported values: "Count", "FailIndex", "FailJob", "Ignore", ` +
		`spec.podFailurePolicy.rules[1].onExitCodes.operator: Unsupported value: "Has": supported values: "In", "NotIn", ` +
		`spec.podFailurePolicy.rules[1].onExitCodes.containerName: Invalid value: "nope": must be one of the container or initContainer names in the pod template, ` +
		`spec.podFailurePolicy.rules[1].onExitCodes.values: Invalid value: []: at least one value is required, ` +
		`spec.podFailurePolicy.rules[2].action: Required value: valid values: ["Count" "FailIndex" "FailJob" "Ignore"], ` +
		`spec.podFailurePolicy.rules[2].onPodConditions[1].type: Invalid value: "bad type!": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), ` +
		`spec.podFailurePolicy.rules[2].onPodConditions[1].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown", ` +
		`spec.podFailurePolicy.rules[3]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required, ` +
		`spec.podFailurePolicy.rules[4]: Invalid value: specifying both OnExitCodes and OnPodConditions is not supported, ` +
		`spec.podReplacementPolicy: Unsupported value: "TerminatingOrFailed": supported values: "Failed", ` +
		`spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified]`})
	tpl := jobTemplate("Never", nil)
	indexed := func(rules ...any) map[string]any {
		return map[string]any{"completionMode": "Indexed", "completions": int64(5), "parallelism": int64(5), "successPolicy": map[string]any{"rules": rules}}
	}
	rule := func(kv ...any) map[string]any {
		r := map[string]any{}
		for i := 0; i < len(kv); i += 2 {
			r[kv[i].(string)] = kv[i+1]
		}
		return r
	}
	cases = append(cases, []struct {
		name string
		body map[string]any
		want string
	}{
		{"success policy without Indexed", jobBody("sp1", tpl, map[string]any{"successPolicy": map[string]any{"rules": []any{rule("succeededCount", int64(1))}}}),
			`Job.batch "sp1" is invalid: spec.successPolicy: Invalid value: {"Rules":[{"SucceededIndexes":null,"SucceededCount":1}]}: requires indexed completion mode`},
		{"success policy rules", jobBody("sp2", tpl, indexed(rule(), rule("succeededIndexes", "0-2,1", "succeededCount", int64(9)), rule("succeededIndexes", "3-1"),
			rule("succeededIndexes", "7"), rule("succeededIndexes", "a"), rule("succeededIndexes", "1-2-3"), rule("succeededIndexes", "0,2", "succeededCount", int64(3)))),
			`Job.batch "sp2" is invalid: [spec.successPolicy.rules[0]: Required value: at least one of succeededCount or succeededIndexes must be specified, ` +
				`spec.successPolicy.rules[1].succeededIndexes: Invalid value: "0-2,1": error parsing succeededIndexes: non-increasing order, previous: 2, current: 1, ` +
				`spec.successPolicy.rules[1].succeededCount: Invalid value: 9: must be less than or equal to 5 (the number of specified completions), ` +
				`spec.successPolicy.rules[1].succeededCount: Invalid value: 9: must be less than or equal to 0 (the number of indexes in the specified succeededIndexes field), ` +
				`spec.successPolicy.rules[2].succeededIndexes: Invalid value: "3-1": error parsing succeededIndexes: non-increasing order, previous: 3, current: 1, ` +
				`spec.successPolicy.rules[3].succeededIndexes: Invalid value: "7": error parsing succeededIndexes: too large index: "7", ` +
				`spec.successPolicy.rules[4].succeededIndexes: Invalid value: "a": error parsing succeededIndexes: cannot convert string to integer for index: "a", ` +
				`spec.successPolicy.rules[5].succeededIndexes: Invalid value: "1-2-3": error parsing succeededIndexes: the fragment "1-2-3" violates the requirement that an index interval can have at most two parts separated by '-', ` +
				`spec.successPolicy.rules[6].succeededCount: Invalid value: 3: must be less than or equal to 2 (the number of indexes in the specified succeededIndexes field)]`},
		{"managedBy not a domain-prefixed path", jobBody("mb1", tpl, map[string]any{"managedBy": "nope", "completionMode": "Bad"}),
			`Job.batch "mb1" is invalid: [spec.managedBy: Invalid value: "nope": must be a domain-prefixed path (such as "acme.io/foo"), spec.completionMode: Unsupported value: "Bad": supported values: "NonIndexed", "Indexed"]`},
		{"managedBy too long", jobBody("mb2", tpl, map[string]any{"managedBy": "example.com/" + strings.Repeat("a", 60)}),
			`Job.batch "mb2" is invalid: spec.managedBy: Too long: may not be more than 63 bytes`},
		{"success policy without rules", jobBody("sp3", tpl, indexed()),
			`Job.batch "sp3" is invalid: spec.successPolicy.rules: Required value: at least one rules must be specified when the successPolicy is specified`},
	}...)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			resp := h.do("alice", "POST", jobsPath, c.body)
			if resp.Code != 422 || resp.Status.Reason != api.ReasonInvalid || resp.Status.Message != c.want {
				t.Errorf("got %d %s %q\nwant 422 Invalid %q", resp.Code, resp.Status.Reason, resp.Status.Message, c.want)
			}
		})
	}
	// A selector of one's own without manualSelector is not the generated
	// one; the generated labels the template already names wrongly stay.
	resp := h.do("alice", "POST", jobsPath, jobBody("bad7", jobTemplate("Never", map[string]any{"app": "other", "job-name": "wrong"}),
		map[string]any{"selector": map[string]any{"matchLabels": map[string]any{"app": "mine"}}}))
	msg := resp.Status.Message
	for _, part := range []string{
		`spec.template.metadata.labels[job-name]: Invalid value: {"app":"other","batch.kubernetes.io/controller-uid":"`,
		`"job-name":"wrong"}: must be 'bad7'`,
		"`selector` not auto-generated",
		"`selector` does not match template `labels`",
	} {
		if resp.Code != 422 || !strings.Contains(msg, part) {
			t.Errorf("own selector: %d %q lacks %q", resp.Code, msg, part)
		}
	}
	if strings.Index(msg, "not auto-generated") > strings.Index(msg, "does not match") {
		t.Errorf("own selector: the generated-selector errors come first: %q", msg)
	}
}

// A Job's completions, selector and template cannot change; parallelism
// can.
func TestJobUpdateImmutableFields(t *testing.T) {
	h := newHarness(t)
	h.must(h.do("alice", "POST", jobsPath, jobBody("pi", jobTemplate("Never", nil), map[string]any{"completions": int64(3)})))
	patch := func(p map[string]any) *api.Response {
		return h.req(&api.Request{From: "alice", Method: "PATCH", Path: jobsPath + "/pi", Patch: p, PatchType: api.MergePatch}, nil)
	}
	if resp := patch(map[string]any{"spec": map[string]any{"completions": int64(5)}}); resp.Code != 422 ||
		resp.Status.Message != `Job.batch "pi" is invalid: spec.completions: Invalid value: 5: field is immutable` {
		t.Errorf("completions: %d %q", resp.Code, resp.Status.Message)
	}
	if resp := patch(map[string]any{"spec": map[string]any{"template": map[string]any{"spec": map[string]any{"restartPolicy": "OnFailure"}}}}); resp.Code != 422 ||
		!strings.HasPrefix(resp.Status.Message, `Job.batch "pi" is invalid: spec.template: Invalid value: `) || !strings.HasSuffix(resp.Status.Message, ": field is immutable") {
		t.Errorf("template: %d %q", resp.Code, resp.Status.Message)
	}
	if resp := patch(map[string]any{"spec": map[string]any{"parallelism": int64(5), "backoffLimit": int64(2)}}); resp.Code != 200 {
		t.Errorf("parallelism: %d %q", resp.Code, resp.Status.Message)
	}
}

// Deleting a Job without a propagation policy orphans its Pods, with
// kube-apiserver's warning; naming one keeps the warning away.
func TestJobDeleteOrphansByDefault(t *testing.T) {
	h := newHarness(t)
	for _, name := range []string{"a", "b"} {
		h.must(h.do("alice", "POST", jobsPath, jobBody(name, jobTemplate("Never", nil), nil)))
	}
	resp := h.do("alice", "DELETE", jobsPath+"/a", nil)
	if resp.Code != 200 || len(resp.Warnings) != 1 || resp.Warnings[0] != jobOrphanWarning {
		t.Errorf("delete without a policy: %d warnings %q", resp.Code, resp.Warnings)
	}
	if got := resp.Object.Meta.Finalizers; len(got) != 1 || got[0] != FinalizerOrphan {
		t.Errorf("delete without a policy: finalizers %v, want [orphan]", got)
	}
	resp = h.req(&api.Request{From: "alice", Method: "DELETE", Path: jobsPath + "/b", Delete: api.DeleteOptions{PropagationPolicy: api.PropagationBackground}}, nil)
	if resp.Code != 200 || len(resp.Warnings) != 0 {
		t.Errorf("delete in the background: %d warnings %q", resp.Code, resp.Warnings)
	}
	h.must(h.do("alice", "POST", "/apis/apps/v1/namespaces/demo/deployments", deploymentBody("web", int64(1))))
	if resp := h.do("alice", "DELETE", "/apis/apps/v1/namespaces/demo/deployments/web", nil); resp.Code != 200 || len(resp.Warnings) != 0 {
		t.Errorf("a Deployment's delete: %d warnings %q", resp.Code, resp.Warnings)
	}
}

const cronJobsPath = "/apis/batch/v1/namespaces/demo/cronjobs"

func cronJobBody(name, schedule string, extra map[string]any) map[string]any {
	spec := map[string]any{"schedule": schedule, "jobTemplate": map[string]any{"spec": map[string]any{"template": jobTemplate("Never", nil)}}}
	for k, v := range extra {
		spec[k] = v
	}
	return obj("batch/v1", "CronJob", "", name, map[string]any{"spec": spec})
}

// A CronJob is defaulted and validated as kube-apiserver v1.37 answers
// `kubectl create` of it.
func TestCronJobDefaultsAndValidation(t *testing.T) {
	h := newHarness(t)
	cj := h.must(h.do("alice", "POST", cronJobsPath, cronJobBody("tick", "*/1 * * * *", nil))).Object
	for path, want := range map[string]any{
		".spec.concurrencyPolicy": "Allow", ".spec.suspend": false, ".spec.successfulJobsHistoryLimit": int64(3),
		".spec.failedJobsHistoryLimit": int64(1), ".spec.jobTemplate.spec.template.spec.dnsPolicy": "ClusterFirst",
	} {
		if got, _, _ := cj.Get(path); got != want {
			t.Errorf("%s = %v, want %v", path, got, want)
		}
	}
	if _, ok, _ := cj.Get(".spec.jobTemplate.spec.backoffLimit"); ok {
		t.Error("the job template's Job spec was defaulted")
	}
	long := "a-very-long-cronjob-name-that-goes-past-fifty-two-chars-x"
	body := cronJobBody(long, "CRON_TZ=UTC 61 * * * *", map[string]any{
		"timeZone": "Mars/Base", "concurrencyPolicy": "Sometimes", "startingDeadlineSeconds": int64(-1),
		"successfulJobsHistoryLimit": int64(-1), "failedJobsHistoryLimit": int64(-2)})
	body["spec"].(map[string]any)["jobTemplate"] = map[string]any{"spec": map[string]any{"completions": int64(-1), "template": jobTemplate("Always", nil)}}
	resp := h.do("alice", "POST", cronJobsPath, body)
	want := `CronJob.batch "` + long + `" is invalid: [` +
		`spec.schedule: Invalid value: "CRON_TZ=UTC 61 * * * *": end of range (61) above maximum (59): 61, ` +
		`spec.schedule: Invalid value: "CRON_TZ=UTC 61 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead, ` +
		`spec.startingDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0, ` +
		`spec.timeZone: Invalid value: "Mars/Base": unknown time zone Mars/Base, ` +
		`spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace", ` +
		`spec.jobTemplate.spec.completions: Invalid value: -1: must be greater than or equal to 0, ` +
		`spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never", ` +
		`spec.successfulJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0, ` +
		`spec.failedJobsHistoryLimit: Invalid value: -2: must be greater than or equal to 0, ` +
		`metadata.name: Invalid value: "` + long + `": must be no more than 52 characters]`
	if resp.Code != 422 || resp.Status.Message != want {
		t.Errorf("got %d %q\nwant 422 %q", resp.Code, resp.Status.Message, want)
	}
	for schedule, msg := range map[string]string{
		"5-2 * * * *": "beginning of range (5) beyond end of range (2): 5-2",
		"@foo":        "unrecognized descriptor: @foo",
		"1 2 3 4 5 6": "expected exactly 5 fields, found 6: [1 2 3 4 5 6]",
	} {
		resp := h.do("alice", "POST", cronJobsPath, cronJobBody("bad", schedule, nil))
		if w := `CronJob.batch "bad" is invalid: spec.schedule: Invalid value: "` + schedule + `": ` + msg; resp.Status.Message != w {
			t.Errorf("%q: %q, want %q", schedule, resp.Status.Message, w)
		}
	}
	if resp := h.do("alice", "POST", cronJobsPath, cronJobBody("every", "@every 1h", nil)); resp.Code != 201 {
		t.Errorf("@every: %d %q", resp.Code, resp.Status.Message)
	}
}
