package cache

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// ListerWatcher is what a Reflector lists and watches through
// (tools/cache/listwatch.go).
type ListerWatcher interface {
	List(opts api.ListOptions) *api.Response
	Watch(opts api.ListOptions, h api.WatchHandler) *api.Response
}

// Filter narrows what an informer lists and watches, on the server: a
// namespace ("" for all) and label and field selectors in the API's string
// form ("app=web", "spec.nodeName=worker-a").
type Filter struct {
	Namespace     string
	LabelSelector string
	FieldSelector string
}

// ListWatch lists and watches one kind through a client, with a filter
// (tools/cache/listwatch.go, NewFilteredListWatchFromClient).
type ListWatch struct {
	Client *client.Client
	Kind   *object.KindInfo
	Filter Filter
}

// List sends a LIST.
func (lw *ListWatch) List(opts api.ListOptions) *api.Response {
	lw.apply(&opts)
	return lw.Client.DoList(lw.Kind, lw.Filter.Namespace, opts)
}

// Watch sends a WATCH.
func (lw *ListWatch) Watch(opts api.ListOptions, h api.WatchHandler) *api.Response {
	lw.apply(&opts)
	return lw.Client.DoWatch(lw.Kind, lw.Filter.Namespace, opts, h)
}

func (lw *ListWatch) apply(opts *api.ListOptions) {
	opts.LabelSelector = lw.Filter.LabelSelector
	opts.FieldSelector = lw.Filter.FieldSelector
}
