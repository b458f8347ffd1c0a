package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/loopbook/loopbook/engine/book"
	"github.com/loopbook/loopbook/engine/site"
)

// conversations are the first course's twenty-six conversations, by
// scenario id: each must be a scenario that ran, on a page of the course.
// Conversation 19 has two, the custom resource and the Operator's half.
var conversations = []string{
	"c01-create-deployment",
	"c02-rollout",
	"c03-delete-managed-pod",
	"c04-update-conflict",
	"c05-schedule-pod",
	"c06-start-pod",
	"c07-pod-status",
	"c08-node-joins",
	"c09-node-heartbeat",
	"c10-node-failure",
	"c11-service-endpointslice",
	"c12-service-proxy",
	"c13-configmap-secret",
	"c14-serviceaccount-api-call",
	"c15-horizontal-pod-autoscaler",
	"c16-persistentvolume-csi",
	"c17-service-loadbalancer",
	"c18-gateway-route",
	"c19-operator-crd",
	"c19-operator-reconcile",
	"c20-admission-webhook",
	"c21-kubectl-logs",
	"c22-exec",
	"c23-leader-election",
	"c24-api-aggregation",
	"c25-api-server-failure",
	"c26-ha-api-servers",
}

// notYetScenarios are the conversations that are still prose, with their
// pages: they must at least be there. Every conversation runs today.
var notYetScenarios = map[string]string{}

// faults are the eleven faults of the failures block, in order: case N
// of failures-eleven is the Nth.
var faults = []string{
	"crash container demo/web-b",
	"kill node worker-b",
	"kill controller-manager",
	"kill scheduler",
	"stop apiservers",
	"kill apiserver apiserver-2",
	"block webhook deny-latest.policy.example.com",
	"break rbac alice",
	"break etcd",
	"overload api",
	"remove kube-proxy",
}

// shortcuts are the seven tempting shortcuts of the quiz, in order.
var shortcuts = []string{
	"kubectl is Kubernetes.",
	"The scheduler starts Pods.",
	"Controllers command kubelets.",
	"Every component uses etcd directly.",
	"WATCH means continuous polling of etcd.",
	"All network traffic goes through kube-apiserver.",
	"An API outage instantly kills running containers.",
}

// builtSite is the repository's site, built once with every block run,
// for the course tests.
type builtSite struct {
	files   map[string]string // path → HTML, every page
	printed []byte            // print.html
	err     error
}

var (
	siteOnce sync.Once
	theSite  builtSite
)

// courseSite builds the repository's site (once per test binary).
func courseSite(t *testing.T) *builtSite {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the whole site")
	}
	siteOnce.Do(func() {
		src, err := filepath.Abs(filepath.Join("..", ".."))
		if err != nil {
			theSite.err = err
			return
		}
		bk := book.New(book.Options{Source: src})
		out, err := site.Build(site.Options{Source: src, Registry: bk.Registry(), Book: bk})
		if err != nil {
			theSite.err = fmt.Errorf("the site does not build: %v", err)
			return
		}
		theSite.files = map[string]string{}
		for _, f := range out.Files {
			if strings.HasSuffix(f.Path, ".html") {
				theSite.files[f.Path] = string(f.Data)
			}
		}
		printed, ok := out.Lookup("print.html")
		if !ok {
			theSite.err = fmt.Errorf("no print.html")
			return
		}
		theSite.printed = printed
	})
	if theSite.err != nil {
		t.Fatal(theSite.err)
	}
	return &theSite
}

// course gives the lookups of one course's pages (those under prefix).
type course struct {
	t       *testing.T
	pages   map[string]string
	printed []byte
}

func (b *builtSite) course(t *testing.T, prefix string) *course {
	c := &course{t: t, pages: map[string]string{}, printed: b.printed}
	for p, html := range b.files {
		if strings.HasPrefix(p, prefix) {
			c.pages[p] = html
		}
	}
	return c
}

// find lists the course pages whose HTML has the anchor id.
func (c *course) find(id string) []string {
	attr := regexp.MustCompile(`id="?` + regexp.QuoteMeta(id) + `[" >]`)
	var found []string
	for p, html := range c.pages {
		if attr.MatchString(html) {
			found = append(found, p)
		}
	}
	return found
}

// holder is the one course page that has the anchor id, and its HTML.
func (c *course) holder(id string) (string, string) {
	found := c.find(id)
	switch len(found) {
	case 0:
		c.t.Errorf("no page of the course has the anchor %q", id)
		return "", ""
	case 1:
		return found[0], c.pages[found[0]]
	}
	c.t.Errorf("anchor %q is on several pages: %v", id, found)
	return "", ""
}

// inPrint checks that the offline edition has the block id.
func (c *course) inPrint(id string) {
	if !regexp.MustCompile(`id="?[^" >]*--` + regexp.QuoteMeta(id) + `[" >]`).Match(c.printed) {
		c.t.Errorf("print.html lacks %q", id)
	}
}

// TestFirstCourseIsComplete builds the repository's site with every block
// run, and checks that each of the first course's conversations, faults
// and shortcuts is in it by id, so that none can silently disappear.
func TestFirstCourseIsComplete(t *testing.T) {
	c := courseSite(t).course(t, "coordination/")
	pages, holder, inPrint := c.pages, c.holder, c.inPrint

	// A scenario that ran renders its steps (ID-step-1, …); one that did
	// not renders as its source.
	for _, id := range conversations {
		if p, _ := holder(id); p != "" {
			holder(id + "-step-1")
			inPrint(id)
		}
	}
	seen := map[string]bool{}
	for _, id := range conversations {
		seen[id[1:3]] = true
	}
	for n := 1; n <= 26; n++ {
		num := fmt.Sprintf("%02d", n)
		if seen[num] {
			continue
		}
		page, ok := notYetScenarios[num]
		if !ok {
			t.Errorf("conversation %s is neither a scenario nor a known prose page", num)
			continue
		}
		if _, ok := pages[page]; !ok {
			t.Errorf("conversation %s: its page %s is missing", num, page)
		}
		t.Logf("conversation %s is still prose (%s): the model lacks its actors", num, page)
	}

	c.numbered("failures-eleven", "failures-eleven-case-", "fault case", faults)
	c.numbered("seven-shortcuts", "seven-shortcuts-q", "question", shortcuts)
}

// numbered checks that block's numbered parts (prefix1, prefix2, …) are
// exactly texts, in order, on the block's page and in the offline
// edition; what names a part in messages.
func (c *course) numbered(block, prefix, what string, texts []string) {
	p, html := c.holder(block)
	for i, text := range texts {
		id := fmt.Sprintf("%s%d", prefix, i+1)
		if q, _ := c.holder(id); q != p {
			continue
		}
		if !strings.Contains(caseText(html, id), text) {
			c.t.Errorf("%s: %s %d is not %q", p, what, i+1, text)
		}
		c.inPrint(id)
	}
	if extra := c.find(fmt.Sprintf("%s%d", prefix, len(texts)+1)); len(extra) > 0 {
		c.t.Errorf("%s has more than %d parts (%s)", block, len(texts), what)
	}
}

// caseText is the HTML from the element with id to the next element id
// of the same family (id-N+1), or to the end.
func caseText(html, id string) string {
	i := strings.Index(html, `id="`+id+`"`)
	if i < 0 {
		i = strings.Index(html, `id=`+id)
	}
	if i < 0 {
		return ""
	}
	rest := html[i:]
	m := regexp.MustCompile(`(\d+)$`).FindStringSubmatch(id)
	var n int
	fmt.Sscan(m[1], &n)
	next := strings.TrimSuffix(id, m[1]) + fmt.Sprint(n+1)
	for _, pat := range []string{`id="` + next + `"`, `id=` + next + `>`, `id=` + next + ` `} {
		if j := strings.Index(rest, pat); j > 0 {
			return rest[:j]
		}
	}
	return rest
}
