// Package selector parses the label and field selectors of list and watch
// requests (the labelSelector and fieldSelector query parameters) and
// matches objects against them, as k8s.io/apimachinery/pkg/labels and
// k8s.io/apimachinery/pkg/fields do.
//
// Label selectors take the whole grammar of labels.Parse: equality
// (app=web, app==web, app!=web), sets (tier in (a,b), tier notin (a)),
// existence (app, !app) and the integer comparisons (n>3, n<3), ANDed by
// commas. Field selectors take fields.ParseSelector's: a=b, a==b, a!=b,
// ANDed by commas, with \, \= and \! escapes.
//
// Which fields a resource can be selected on is a per-resource table
// (Fields), taken from each kind's field label conversion function in
// Kubernetes; an unsupported field is the error the API server words for
// that kind. A parsed selector is immutable; matching allocates nothing.
package selector
