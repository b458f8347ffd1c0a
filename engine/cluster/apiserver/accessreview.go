package apiserver

import (
	"net/http"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// authorizationGroup is the group of the access reviews.
const authorizationGroup = "authorization.k8s.io"

// accessReviewOperation is the create of a SelfSubjectAccessReview or a
// SubjectAccessReview (pkg/registry/authorization/*subjectaccessreview/
// rest.go): the review is validated, the authorizer asked about the
// requesting user (a self review) or the spec's user and groups, and the
// review returned with its status and 201. Nothing is written to etcd.
// Admission runs as for any create: mutating in the create handler
// (k8s.io/apiserver/pkg/endpoints/handlers/create.go), validating when
// the review's Create calls the validation it is handed, after its own.
func accessReviewOperation() *operation {
	return &operation{
		admission: api.OpCreate,
		decode:    decodeAccessReview,
		validate:  validateAccessReview,
		respond:   answerAccessReview,
	}
}

func decodeAccessReview(r *request) *api.Status {
	o, st := r.decodeObject(r.kind, r.req.Body)
	if st != nil {
		return st
	}
	r.body = o
	return nil
}

// validateAccessReview is ValidateSelfSubjectAccessReview and
// ValidateSubjectAccessReview: exactly one of resourceAttributes and
// nonResourceAttributes, a user or a group for a subject review, and no
// metadata. Its 422 names neither kind nor object, as the REST storage's
// NewInvalid(Kind(review.Kind), "", errs) of a decoded object does.
func validateAccessReview(r *request) *api.Status {
	o, spec := r.body, r.body.Spec()
	var errs object.FieldErrors
	_, res := spec["resourceAttributes"]
	nonRes, hasNonRes := spec["nonResourceAttributes"]
	if res == hasNonRes {
		errs = append(errs, object.Invalid("spec", nonRes, "exactly one of nonResourceAttributes or resourceAttributes must be specified"))
	}
	if r.kind.Kind == "SubjectAccessReview" && object.StringAt(spec, "user") == "" && len(object.ListAt(spec, "groups")) == 0 {
		errs = append(errs, object.Invalid("spec.user", object.StringAt(spec, "user"), "at least one of user or group must be specified"))
	}
	if o.Meta.Name != "" || o.Meta.Namespace != "" || len(o.Meta.Labels) > 0 || len(o.Meta.Annotations) > 0 {
		errs = append(errs, object.Invalid("metadata", o.Meta.ToMap(), "must be empty"))
	}
	if len(errs) > 0 {
		return invalid(&object.KindInfo{Group: authorizationGroup}, "", errs)
	}
	return nil
}

// answerAccessReview asks the authorizer and fills the review's status:
// allowed, denied and the authorizer's reason.
func answerAccessReview(r *request) *api.Response {
	o := r.body.DeepCopy()
	spec := o.Spec()
	user := r.user
	if r.kind.Kind == "SubjectAccessReview" {
		user = &api.UserInfo{Name: object.StringAt(spec, "user"), UID: object.StringAt(spec, "uid")}
		for _, g := range object.ListAt(spec, "groups") {
			if s, ok := g.(string); ok {
				user.Groups = append(user.Groups, s)
			}
		}
	}
	attrs := api.Attributes{User: user, RequestInfo: reviewedRequest(spec)}
	decision, reason := api.DecisionNoOpinion, ""
	if a := r.s.p.cfg.Authorizer; a != nil {
		decision, reason = a.Authorize(attrs)
	} else {
		decision = api.DecisionAllow
	}
	status := map[string]any{"allowed": decision == api.DecisionAllow}
	if decision == api.DecisionDeny {
		status["denied"] = true
	}
	if reason != "" {
		status["reason"] = reason
	}
	o.Content["status"] = status
	return &api.Response{Code: http.StatusCreated, Object: o}
}

// reviewedRequest is authorizationutil's ResourceAttributesFrom and
// NonResourceAttributesFrom: the request a review asks about.
func reviewedRequest(spec map[string]any) api.RequestInfo {
	if ra := object.MapAt(spec, "resourceAttributes"); ra != nil {
		return api.RequestInfo{IsResourceRequest: true, Verb: object.StringAt(ra, "verb"),
			APIGroup: object.StringAt(ra, "group"), APIVersion: object.StringAt(ra, "version"),
			Namespace: object.StringAt(ra, "namespace"), Resource: object.StringAt(ra, "resource"),
			Subresource: object.StringAt(ra, "subresource"), Name: object.StringAt(ra, "name")}
	}
	nra := object.MapAt(spec, "nonResourceAttributes")
	return api.RequestInfo{Path: object.StringAt(nra, "path"), Verb: object.StringAt(nra, "verb")}
}

// selfSubjectReviewOperation is the create of a SelfSubjectReview
// (pkg/registry/authentication/selfsubjectreview/rest.go): after
// admission, a new review, with only its creation time as metadata and
// the caller's user, uid, groups and extra as status.
func selfSubjectReviewOperation() *operation {
	return &operation{
		admission: api.OpCreate,
		decode:    decodeAccessReview,
		respond:   answerSelfSubjectReview,
	}
}

func answerSelfSubjectReview(r *request) *api.Response {
	info := map[string]any{"username": r.user.Name}
	if r.user.UID != "" {
		info["uid"] = r.user.UID
	}
	if len(r.user.Groups) > 0 {
		groups := make([]any, len(r.user.Groups))
		for i, g := range r.user.Groups {
			groups[i] = g
		}
		info["groups"] = groups
	}
	if len(r.user.Extra) > 0 {
		extra := map[string]any{}
		for k, vs := range r.user.Extra {
			l := make([]any, len(vs))
			for i, v := range vs {
				l[i] = v
			}
			extra[k] = l
		}
		info["extra"] = extra
	}
	o := object.New("authentication.k8s.io/v1", "SelfSubjectReview")
	o.Meta.CreationTimestamp = r.now.Wall()
	o.Content["status"] = map[string]any{"userInfo": info}
	return &api.Response{Code: http.StatusCreated, Object: o}
}

// isAccessReview reports whether k is a review the authorizer answers.
func isAccessReview(k *object.KindInfo) bool {
	return k.Group == authorizationGroup && slices.Contains([]string{"SelfSubjectAccessReview", "SubjectAccessReview"}, k.Kind)
}
