package store

import (
	"slices"
	"strconv"
	"testing"
)

func TestBucketOf(t *testing.T) {
	for _, tc := range []struct{ key, want string }{
		{"/registry/configmaps/demo/web", "/registry/configmaps/"},
		{"/registry/configmaps/", "/registry/configmaps/"},
		{"/registry/apiregistration.k8s.io/apiservices/v1.", "/registry/apiregistration.k8s.io/"},
		{"/registry/configmaps", ""},
		{"/registry/", ""},
		{"", ""},
	} {
		if got := bucketOf(tc.key); got != tc.want {
			t.Errorf("bucketOf(%q) = %q, want %q", tc.key, got, tc.want)
		}
	}
}

// Watchers of a bucket and watchers of any key are served in the order
// they were made, each the writes its prefix matches; a watcher made by a
// handler hears its history after the event in progress, and a handler's
// own write comes after both.
func TestDispatchOrder(t *testing.T) {
	s := New[string]()
	var got []string
	rec := func(name string) Handler[string] {
		return HandlerFunc[string](func(e Event[string]) { got = append(got, name+" "+e.KV.Key) })
	}
	s.Watch("", 0, rec("all"))
	s.Watch("/registry/pods/", 0, rec("pods"))
	s.Watch("/registry/", 0, rec("registry"))
	s.Watch("/registry/pods/demo/", 0, HandlerFunc[string](func(e Event[string]) {
		got = append(got, "demo "+e.KV.Key)
		if e.KV.Key == "/registry/pods/demo/a" {
			mustPut(t, s, "/registry/events/demo/a", "scheduled")
			s.Watch("/registry/pods/", 1, rec("late"))
		}
	}))
	s.Watch("/registry/nodes/", 0, rec("nodes"))
	s.Watch("/registry/pods/", 0, rec("pods-2"))
	mustPut(t, s, "/registry/pods/demo/a", "x")
	mustPut(t, s, "/registry/nodes/n1", "x")
	mustPut(t, s, "/other", "x")
	want := []string{
		"all /registry/pods/demo/a", "pods /registry/pods/demo/a", "registry /registry/pods/demo/a",
		"demo /registry/pods/demo/a", "pods-2 /registry/pods/demo/a",
		// the watcher made mid-stream, from its history
		"late /registry/pods/demo/a",
		// the handler's write, to the watchers that match it
		"all /registry/events/demo/a", "registry /registry/events/demo/a",
		"all /registry/nodes/n1", "registry /registry/nodes/n1", "nodes /registry/nodes/n1",
		"all /other",
	}
	if !slices.Equal(got, want) {
		t.Errorf("deliveries:\n%q\nwant\n%q", got, want)
	}
}

// A cancelled watcher of a bucket hears nothing more, during a
// notification or after one.
func TestDispatchCancel(t *testing.T) {
	s := New[string]()
	var got []string
	var second *Watcher[string]
	s.Watch("/registry/pods/", 0, HandlerFunc[string](func(e Event[string]) {
		got = append(got, "first "+e.KV.Key)
		second.Cancel()
	}))
	second, _ = s.Watch("/registry/pods/", 0, HandlerFunc[string](func(e Event[string]) { got = append(got, "second "+e.KV.Key) }))
	third, _ := s.Watch("/registry/pods/", 0, HandlerFunc[string](func(e Event[string]) { got = append(got, "third "+e.KV.Key) }))
	mustPut(t, s, "/registry/pods/demo/a", "x")
	third.Cancel()
	mustPut(t, s, "/registry/pods/demo/b", "x")
	want := []string{"first /registry/pods/demo/a", "third /registry/pods/demo/a", "first /registry/pods/demo/b"}
	if !slices.Equal(got, want) {
		t.Errorf("deliveries %q, want %q", got, want)
	}
	if n := len(s.handlers.byBucket["/registry/pods/"]); n != 1 {
		t.Errorf("%d watchers left in the bucket, want 1", n)
	}
}

// Handler watchers made one Watch at a time, with writes between, each
// hear their whole history once and then every later write, in order.
func TestWatchersJoiningOneByOne(t *testing.T) {
	for _, n := range []int{1, 2, 5, 40} {
		s := New[string]()
		got := make([][]string, n)
		for i := range n {
			if _, err := s.Put("/registry/configmaps/demo/"+strconv.Itoa(i), "v"); err != nil {
				t.Fatal(err)
			}
			i := i
			if _, err := s.Watch("/registry/configmaps/", 1, HandlerFunc[string](func(ev Event[string]) {
				got[i] = append(got[i], ev.KV.Key)
			})); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Put("/registry/configmaps/demo/last", "v"); err != nil {
			t.Fatal(err)
		}
		var want []string
		for i := range n {
			want = append(want, "/registry/configmaps/demo/"+strconv.Itoa(i))
		}
		want = append(want, "/registry/configmaps/demo/last")
		for i, g := range got {
			if !slices.Equal(g, want) {
				t.Errorf("n=%d: watcher %d heard %v, want %v", n, i, g, want)
			}
		}
	}
}
