package audit

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"gopkg.in/yaml.v3"
)

// APIVersion is the policy and event API version the model reads and
// writes.
const APIVersion = "audit.k8s.io/v1"

// PolicyError is a problem in a policy's text, at a 1-based line and
// column of it (0 when unknown).
type PolicyError struct {
	Line, Column int
	Message      string
}

func (e *PolicyError) Error() string {
	if e.Line == 0 {
		return e.Message
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Message)
}

// PolicyErrors are every problem found in a policy.
type PolicyErrors []*PolicyError

func (l PolicyErrors) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "; ")
}

// Decode reads a policy from YAML and validates it as kube-apiserver
// does when it loads --audit-policy-file (LoadPolicyFromBytes,
// k8s.io/apiserver/pkg/audit/policy/reader.go, and ValidatePolicy,
// k8s.io/apiserver/pkg/apis/audit/validation/validation.go). Unlike
// kube-apiserver, which ignores fields it does not know, Decode refuses
// them: a misspelt field would silently change what is logged. Errors are
// PolicyErrors.
func Decode(text []byte) (*Policy, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(text, &root); err != nil {
		return nil, PolicyErrors{syntaxError(err)}
	}
	p := &Policy{}
	dec := yaml.NewDecoder(bytes.NewReader(text))
	dec.KnownFields(true)
	if err := dec.Decode(p); err != nil {
		e := syntaxError(err)
		e.Column = firstWord(text, e.Line)
		return nil, PolicyErrors{e}
	}
	locateRules(&root, p)
	if errs := p.validate(); len(errs) > 0 {
		return nil, errs
	}
	return p, nil
}

// yamlLine finds "line N: message" in yaml.v3's messages.
var yamlLine = regexp.MustCompile(`line (\d+): (.*)`)

// syntaxError positions a yaml.v3 error.
func syntaxError(err error) *PolicyError {
	msg := err.Error()
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		rest := m[2]
		if f, typ, ok := strings.Cut(strings.TrimPrefix(rest, "field "), " not found in type "); ok && strings.HasPrefix(rest, "field ") {
			rest = fmt.Sprintf("unknown field %q in %s", f, strings.TrimPrefix(typ, "audit."))
		}
		return &PolicyError{Line: line, Column: 1, Message: rest}
	}
	return &PolicyError{Message: strings.TrimPrefix(msg, "yaml: ")}
}

// firstWord is the 1-based column of line's first non-blank character; 0
// when the line does not exist.
func firstWord(text []byte, line int) int {
	lines := strings.Split(string(text), "\n")
	if line < 1 || line > len(lines) {
		return 0
	}
	l := lines[line-1]
	return len(l) - len(strings.TrimLeft(l, " \t")) + 1
}

// locateRules records where each rule starts, for validation errors.
func locateRules(root *yaml.Node, p *Policy) {
	if root.Kind != yaml.DocumentNode || len(root.Content) == 0 {
		return
	}
	m := root.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value != "rules" {
			continue
		}
		for j, r := range m.Content[i+1].Content {
			if j < len(p.Rules) {
				p.Rules[j].line, p.Rules[j].column = r.Line, r.Column
			}
		}
	}
}

// validate checks the policy as kube-apiserver does, returning field
// errors in Kubernetes' format ("rules[0].level: Required value").
func (p *Policy) validate() PolicyErrors {
	var errs PolicyErrors
	if p.APIVersion != APIVersion || p.Kind != "Policy" {
		// reader.go: "unknown group version field %v in policy"; the
		// model reads only audit.k8s.io/v1 (v1alpha1 and v1beta1 are gone).
		errs = append(errs, &PolicyError{Line: 1, Column: 1, Message: fmt.Sprintf(
			"unknown group version field %s, Kind=%s in policy: write apiVersion: %s and kind: Policy", p.APIVersion, p.Kind, APIVersion)})
	}
	for i := range p.Rules {
		r := &p.Rules[i]
		for _, fe := range r.validate(fmt.Sprintf("rules[%d]", i)) {
			errs = append(errs, &PolicyError{Line: r.line, Column: r.column, Message: fe.Error()})
		}
	}
	if len(p.Rules) == 0 && len(errs) == 0 {
		errs = append(errs, &PolicyError{Line: 1, Column: 1, Message: "loaded illegal policy with 0 rules"})
	}
	return errs
}

// validate is validatePolicyRule.
func (r *PolicyRule) validate(path string) object.FieldErrors {
	var errs object.FieldErrors
	switch {
	case r.Level == "":
		errs = append(errs, object.Required(path+".level", ""))
	case !r.Level.Valid():
		valid := make([]string, len(Levels))
		for i, l := range Levels {
			valid[i] = string(l)
		}
		errs = append(errs, object.NotSupported(path+".level", string(r.Level), valid))
	}
	for i, u := range r.NonResourceURLs {
		if u == "*" {
			continue
		}
		f := fmt.Sprintf("%s.nonResourceURLs[%d]", path, i)
		if !strings.HasPrefix(u, "/") {
			errs = append(errs, object.Invalid(f, u, "non-resource URL rules must begin with a '/' character"))
		}
		if u != "" && strings.ContainsRune(u[:len(u)-1], '*') {
			errs = append(errs, object.Invalid(f, u, "non-resource URL wildcards '*' must be the final character of the rule"))
		}
	}
	for _, gr := range r.Resources {
		if len(gr.ResourceNames) > 0 && len(gr.Resources) == 0 {
			errs = append(errs, object.Invalid(path+".resources.resourceNames", gr.ResourceNames, "using resourceNames requires at least one resource"))
		}
		if gr.Group != "" {
			// NameIsDNSSubdomain: "apps/v1" is refused, "apps" is right.
			if msgs := object.IsDNS1123Subdomain(gr.Group); len(msgs) > 0 {
				errs = append(errs, object.Invalid(path+".resources.group", gr.Group, strings.Join(msgs, ",")))
			}
		}
	}
	names := make([]string, len(Stages))
	for i, s := range Stages {
		names[i] = string(s)
	}
	for i, s := range r.OmitStages {
		if !s.Valid() {
			errs = append(errs, object.Invalid(fmt.Sprintf("%s.omitStages[%d]", path, i), string(s), "allowed stages are "+strings.Join(names, ",")))
		}
	}
	if len(r.NonResourceURLs) > 0 && (len(r.Resources) > 0 || len(r.Namespaces) > 0) {
		errs = append(errs, object.Invalid(path+".nonResourceURLs", r.NonResourceURLs, "rules cannot apply to both regular resources and non-resource URLs"))
	}
	return errs
}
