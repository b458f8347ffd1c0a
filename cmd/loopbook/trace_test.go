package main

import (
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/site"
)

// A lesson is found by its file or page, in full or by the end of its
// page's path when only one page ends so; else the error names the
// nearest page or the candidates.
func TestFindPage(t *testing.T) {
	src := &site.Source{Pages: []*site.Page{
		{Source: "content/_index.md", Out: "index.html"},
		{Source: "lessons/coordination/05-workloads/01-create-deployment.md", Out: "coordination/workloads/create-deployment.html"},
		{Source: "lessons/coordination/05-workloads/02-rollout.md", Out: "coordination/workloads/rollout.html"},
		{Source: "lessons/apiserver/03-workloads/02-rollout.md", Out: "apiserver/workloads/rollout.html"},
	}}
	cases := []struct{ arg, page, err string }{
		{"lessons/coordination/05-workloads/01-create-deployment.md", "lessons/coordination/05-workloads/01-create-deployment.md", ""},
		{"coordination/workloads/create-deployment.html", "lessons/coordination/05-workloads/01-create-deployment.md", ""},
		{"coordination/workloads/create-deployment", "lessons/coordination/05-workloads/01-create-deployment.md", ""},
		{"01-create-deployment.md", "lessons/coordination/05-workloads/01-create-deployment.md", ""},
		{"workloads/create-deployment.html", "lessons/coordination/05-workloads/01-create-deployment.md", ""},
		{"05-workloads/01-create-deployment.md", "lessons/coordination/05-workloads/01-create-deployment.md", ""},
		{"02-rollout.md", "", `"02-rollout.md" names several lessons`},
		{"workloads/rollout.html", "", `"workloads/rollout.html" names several lessons in site (lessons/coordination/05-workloads/02-rollout.md, lessons/apiserver/03-workloads/02-rollout.md); give more of its path`},
		{"coordination/workloads/create-deploymnt.html", "", `no lesson "coordination/workloads/create-deploymnt.html" in site; did you mean "coordination/workloads/create-deployment.html"?`},
		{"nothing", "", `no lesson "nothing" in site; give a lesson's file`},
	}
	for _, c := range cases {
		page, err := findPage(src, "site", c.arg)
		if page != c.page || (err == nil) != (c.err == "") || (err != nil && !strings.HasPrefix(err.Error(), c.err)) {
			t.Errorf("findPage(%q) = %q, %v; want %q, %q", c.arg, page, err, c.page, c.err)
		}
	}
}
