package apiserver

import (
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func names(items []*object.Object) []string {
	var out []string
	for _, o := range items {
		out = append(out, o.Meta.Name)
	}
	return out
}

func (h *harness) list(path string, opts api.ListOptions) *api.Response {
	return h.req(&api.Request{From: "alice", Method: "GET", Path: path, List: opts}, nil)
}

func TestListSelectors(t *testing.T) {
	h := newHarness(t)
	podsPath := "/api/v1/namespaces/demo/pods"
	h.must(h.do("alice", "POST", podsPath, podBody("a", map[string]any{"app": "web", "tier": "front"})))
	h.must(h.do("alice", "POST", podsPath, podBody("b", map[string]any{"app": "web"})))
	h.must(h.do("alice", "POST", podsPath, podBody("c", map[string]any{"app": "db"})))
	h.must(h.do("alice", "POST", podsPath+"/b/binding", bindingBody("b", "worker-a")))
	tests := []struct {
		name           string
		path           string
		labels, fields string
		want           []string
		code           int
		message        string
	}{
		{name: "all", path: podsPath, want: []string{"a", "b", "c"}},
		{name: "equality", path: podsPath, labels: "app=web", want: []string{"a", "b"}},
		{name: "set and existence", path: podsPath, labels: "app in (web,db),!tier", want: []string{"b", "c"}},
		{name: "inequality", path: podsPath, labels: "app!=web", want: []string{"c"}},
		{name: "field spec.nodeName", path: podsPath, fields: "spec.nodeName=worker-a", want: []string{"b"}},
		{name: "field status.phase", path: podsPath, fields: "status.phase=Pending,metadata.name!=a", want: []string{"b", "c"}},
		{name: "field metadata.name across namespaces", path: "/api/v1/pods", fields: "metadata.name=c", want: []string{"c"}},
		{name: "field metadata.namespace", path: "/api/v1/pods", fields: "metadata.namespace=kube-system"},
		{name: "unsupported pod field", path: podsPath, fields: "spec.foo=x", code: 400,
			message: "field label not supported: spec.foo"},
		{name: "unsupported field of a kind without its own", path: "/apis/apps/v1/namespaces/demo/deployments",
			fields: "spec.replicas=1", code: 400,
			message: `"spec.replicas" is not a known field selector: only "metadata.name", "metadata.namespace"`},
		{name: "malformed field selector", path: podsPath, fields: "nonsense", code: 400,
			message: "invalid selector: 'nonsense'; can't understand 'nonsense'"},
		{name: "malformed label selector", path: podsPath, labels: "app in web", code: 400,
			message: "unable to parse requirement: found 'web' expected: '('"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := h.list(tt.path, api.ListOptions{LabelSelector: tt.labels, FieldSelector: tt.fields})
			if tt.code != 0 {
				if resp.Code != tt.code || resp.Status.Message != tt.message {
					t.Fatalf("got %d %q, want %d %q", resp.Code, resp.Status.Message, tt.code, tt.message)
				}
				return
			}
			h.must(resp)
			if got := names(resp.Items); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestListPages walks a list in pages with limit and continue, then shows
// that a continue token outlives a compaction only as a 410 Expired.
func TestListPages(t *testing.T) {
	h := newHarness(t)
	for i := range 5 {
		h.must(h.do("alice", "POST", cmPath, cmBody(fmt.Sprintf("cm-%d", i), "x")))
	}
	first := h.must(h.list(cmPath, api.ListOptions{Limit: 2}))
	if got := names(first.Items); !slices.Equal(got, []string{"cm-0", "cm-1"}) || first.ListMeta.Continue == "" {
		t.Fatalf("page 1: %v continue=%q", got, first.ListMeta.Continue)
	}
	if n := first.ListMeta.RemainingItemCount; n == nil || *n != 3 {
		t.Errorf("remainingItemCount %v, want 3", n)
	}
	// A write between pages does not show: the pages read one revision.
	h.must(h.do("alice", "POST", cmPath, cmBody("cm-00", "late")))
	second := h.must(h.list(cmPath, api.ListOptions{Limit: 2, Continue: first.ListMeta.Continue}))
	if got := names(second.Items); !slices.Equal(got, []string{"cm-2", "cm-3"}) ||
		second.ListMeta.ResourceVersion != first.ListMeta.ResourceVersion {
		t.Fatalf("page 2: %v at %s", got, second.ListMeta.ResourceVersion)
	}
	// Compaction runs every 5 minutes and compacts to the revision seen at
	// the previous run: after two runs the list's revision is gone.
	h.loop.RunFor(10*time.Minute + time.Second)
	if h.p.Store().CompactRevision() <= mustRV(t, first.ListMeta.ResourceVersion) {
		h.must(h.do("alice", "POST", cmPath, cmBody("after", "x")))
		h.loop.RunFor(10 * time.Minute)
	}
	resp := h.list(cmPath, api.ListOptions{Limit: 2, Continue: second.ListMeta.Continue})
	const want = "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list."
	if resp.Code != 410 || resp.Status.Reason != api.ReasonExpired || resp.Status.Message != want {
		t.Fatalf("got %d %s %q", resp.Code, resp.Status.Reason, resp.Status.Message)
	}
	// The token in the 410 continues at the newest revision.
	rest := h.must(h.list(cmPath, api.ListOptions{Limit: 10, Continue: resp.Status.Continue}))
	if got := names(rest.Items); !slices.Equal(got, []string{"cm-4"}) {
		t.Errorf("continuing the inconsistent list: %v", got)
	}
	exact := h.list(cmPath, api.ListOptions{ResourceVersion: first.ListMeta.ResourceVersion, ResourceVersionMatch: "Exact"})
	if exact.Code != 410 || exact.Status.Message != "The resourceVersion for the provided list is too old." {
		t.Errorf("exact list at a compacted revision: %d %+v", exact.Code, exact.Status)
	}
}

func mustRV(t *testing.T, s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestListResourceVersionSemantics(t *testing.T) {
	h := newHarness(t)
	h.must(h.do("alice", "POST", cmPath, cmBody("a", "1")))
	rv := h.must(h.do("alice", "POST", cmPath, cmBody("b", "1"))).Object.Meta.ResourceVersion
	future := strconv.FormatInt(mustRV(t, rv)+10, 10)
	tests := []struct {
		name    string
		opts    api.ListOptions
		code    int
		message string
		items   int
	}{
		{name: "consistent", opts: api.ListOptions{}, code: 200, items: 2},
		{name: "any version", opts: api.ListOptions{ResourceVersion: "0"}, code: 200, items: 2},
		{name: "not older than", opts: api.ListOptions{ResourceVersion: rv}, code: 200, items: 2},
		{name: "exact", opts: api.ListOptions{ResourceVersion: rv, ResourceVersionMatch: "Exact"}, code: 200, items: 2},
		{name: "future revision", opts: api.ListOptions{ResourceVersion: future}, code: 504,
			message: "Timeout: Too large resource version: " + future + ", current: " + rv},
		{name: "match without a version", opts: api.ListOptions{ResourceVersionMatch: "Exact"}, code: 422,
			message: `ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := h.list(cmPath, tt.opts)
			if resp.Code != tt.code {
				t.Fatalf("got %d %+v", resp.Code, resp.Status)
			}
			if resp.OK() && len(resp.Items) != tt.items {
				t.Errorf("%d items", len(resp.Items))
			}
			if !resp.OK() && resp.Status.Message != tt.message {
				t.Errorf("got %q\nwant %q", resp.Status.Message, tt.message)
			}
		})
	}
}

// TestStoreUnavailable: with etcd broken, writes and consistent reads time
// out, reads the watch cache can serve still work, and /readyz says why.
func TestStoreUnavailable(t *testing.T) {
	h := newHarness(t)
	h.must(h.do("alice", "POST", cmPath, cmBody("a", "1")))
	h.p.SetStoreAvailable(false)
	timeout := "Timeout: request did not complete within requested timeout - context deadline exceeded"
	for _, tt := range []struct {
		name string
		resp *api.Response
		code int
	}{
		{"create", h.do("alice", "POST", cmPath, cmBody("b", "1")), 504},
		{"consistent get", h.do("alice", "GET", cmPath+"/a", nil), 504},
		{"consistent list", h.list(cmPath, api.ListOptions{}), 504},
		{"list from the cache", h.list(cmPath, api.ListOptions{ResourceVersion: "0"}), 200},
		{"get from the cache", h.req(&api.Request{From: "alice", Method: "GET", Path: cmPath + "/a", List: api.ListOptions{ResourceVersion: "0"}}, nil), 200},
	} {
		if tt.resp.Code != tt.code || (!tt.resp.OK() && tt.resp.Status.Message != timeout) {
			t.Errorf("%s: %d %+v", tt.name, tt.resp.Code, tt.resp.Status)
		}
	}
	ready := h.do("admin", "GET", "/readyz?verbose", nil)
	if ready.Code != 500 || !contains(string(ready.Raw), "[-]etcd failed: reason withheld\n") ||
		!contains(string(ready.Raw), "readyz check failed\n") {
		t.Errorf("readyz %d:\n%s", ready.Code, ready.Raw)
	}
	h.p.SetStoreAvailable(true)
	if ready := h.do("admin", "GET", "/readyz", nil); ready.Code != 200 || string(ready.Raw) != "ok" {
		t.Errorf("readyz after restore: %d %s", ready.Code, ready.Raw)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
