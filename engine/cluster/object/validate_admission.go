package object

import "strings"

// validateWebhooks follows ValidateMutatingWebhookConfiguration /
// ValidateValidatingWebhookConfiguration (admissionregistration/v1).
func validateWebhooks(o, _ *Object) FieldErrors {
	var errs FieldErrors
	names := map[string]bool{}
	for i, w := range listAt(o.Content, "webhooks") {
		wp := index("webhooks", i)
		wm, _ := w.(map[string]any)
		name := stringAt(wm, "name")
		if name == "" {
			errs = append(errs, Required(child(wp, "name"), ""))
		} else if msgs := IsDNS1123Subdomain(name); len(msgs) > 0 {
			errs = append(errs, Invalid(child(wp, "name"), name, strings.Join(msgs, ",")))
		} else if len(strings.Split(name, ".")) < 3 {
			errs = append(errs, Invalid(child(wp, "name"), name, "should be a domain with at least three segments separated by dots"))
		}
		if names[name] && name != "" {
			errs = append(errs, Duplicate(child(wp, "name"), name))
		}
		names[name] = true
		switch se := stringAt(wm, "sideEffects"); se {
		case "None", "NoneOnDryRun":
		case "":
			errs = append(errs, Required(child(wp, "sideEffects"), "must specify one of None, NoneOnDryRun"))
		default:
			errs = append(errs, NotSupported(child(wp, "sideEffects"), se, []string{"None", "NoneOnDryRun"}))
		}
		if len(listAt(wm, "admissionReviewVersions")) == 0 {
			errs = append(errs, Required(child(wp, "admissionReviewVersions"), "must specify one of v1, v1beta1"))
		}
		switch fp := stringAt(wm, "failurePolicy"); fp {
		case "Fail", "Ignore", "":
		default:
			errs = append(errs, NotSupported(child(wp, "failurePolicy"), fp, []string{"Fail", "Ignore"}))
		}
		if t, ok := intAt(wm, "timeoutSeconds"); ok && (t < 1 || t > 30) {
			errs = append(errs, Invalid(child(wp, "timeoutSeconds"), t, "the timeout value must be between 1 and 30 seconds"))
		}
		cc := mapAt(wm, "clientConfig")
		_, hasURL := cc["url"]
		_, hasSvc := cc["service"]
		if hasURL == hasSvc {
			errs = append(errs, Required(child(wp, "clientConfig"), "exactly one of url or service is required"))
		}
	}
	return errs
}
