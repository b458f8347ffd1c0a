package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver/selector"
	"github.com/loopbook/loopbook/engine/cluster/apiserver/watchcache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// predicate builds the selection of a list, watch or deletecollection:
// the namespace from the URL, the label and field selectors from the
// query. A selector that does not parse, or a field the resource cannot
// be selected on, is 400 BadRequest. A field selector on metadata.namespace
// narrows a list across namespaces to one namespace, and one on
// metadata.name to one key when the namespace is known, as the generic
// store does (MatchesSingleNamespace, MatchesSingle).
func (r *request) predicate() (watchcache.Predicate, *api.Status) {
	k, opts := r.kind, &r.req.List
	ls, err := selector.ParseLabels(opts.LabelSelector)
	if err != nil {
		return watchcache.Predicate{}, api.NewBadRequest(err.Error())
	}
	fs, err := selector.ParseFields(opts.FieldSelector)
	if err != nil {
		return watchcache.Predicate{}, api.NewBadRequest(err.Error())
	}
	set := selector.FieldsFor(k.Group, k.Resource)
	if err := set.Check(fs); err != nil {
		return watchcache.Predicate{}, api.NewBadRequest(err.Error())
	}
	ns := r.info.Namespace
	if ns == "" && k.Namespaced {
		if v, ok := fs.RequiresExactMatch("metadata.namespace"); ok && len(object.IsDNS1123Label(v)) == 0 {
			ns = v
		}
	}
	p := watchcache.Predicate{Prefix: r.s.p.prefixes.namespace(k, ns), Labels: ls, Fields: fs, FieldSet: set}
	if name, ok := fs.RequiresExactMatch("metadata.name"); ok && (ns != "" || !k.Namespaced) && name != "" {
		p.Prefix, p.Exact = r.objectKey(k, ns, name), true
	}
	return p, nil
}
