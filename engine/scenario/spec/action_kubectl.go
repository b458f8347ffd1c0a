package spec

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
)

// Kubectl runs a kubectl command that reads the cluster's discovery or the
// client's own configuration, as USER ("kubectl: api-resources",
// "kubectl: config view"). The commands that talk to the API server send
// their requests through the model's endpoint, so they are traced; the
// config commands only read the client's kubeconfig.
type Kubectl struct {
	ActionBase
	Request
	// Command is the command's name: one of KubectlCommands.
	Command Word
	// Flags holds each flag written, by its long name without dashes
	// ("namespaced", "api-group", "output", "sort-by", "minify"); a flag
	// written without a value has "true".
	Flags map[string]string
	// Args are the command's arguments, for the commands that take them
	// (KubectlArgs): "auth can-i create deployments" has two.
	Args []string
}

// KubectlArgs are the commands that take arguments, with how many, and
// the message kubectl gives for another number.
var KubectlArgs = map[string]struct {
	N       int
	Message string
}{
	"auth can-i": {2, "you must specify two arguments: verb resource or verb resource/resourceName"},
}

// KubectlCommands are the commands a kubectl action runs, with the flags
// each takes (long names).
var KubectlCommands = map[string][]string{
	"api-resources":          {"namespaced", "api-group", "output", "sort-by", "as", "as-group"},
	"api-versions":           {"as", "as-group"},
	"cluster-info":           {"as", "as-group"},
	"config view":            {"minify"},
	"config current-context": nil,
	"auth can-i":             {"namespace", "all-namespaces", "subresource", "as", "as-group"},
	"auth whoami":            {"as", "as-group"},
}

// kubectlFlagValues are the values a flag accepts; a flag not listed
// takes any value.
var kubectlFlagValues = map[string][]string{
	"namespaced": {"true", "false"},
	"output":     {"name"},
	"sort-by":    {"name", "kind"},
	"minify":     {"true", "false"},
	// all-namespaces is a boolean flag.
	"all-namespaces": {"true", "false"},
}

// kubectl parses "COMMAND [FLAGS]", the value of a kubectl action.
func (w *words) kubectl(a *Kubectl) bool {
	names := make([]string, 0, len(KubectlCommands))
	for n := range KubectlCommands {
		names = append(names, n)
	}
	slices.Sort(names)
	hint := "one of " + strings.Join(names, ", ")
	ts := w.toks
	if len(ts) == 0 {
		w.errorf(w.end(), "kubectl expects a command").WithHint(hint)
		return false
	}
	n := 1
	if (ts[0].text == "config" || ts[0].text == "auth") && len(ts) > 1 {
		n = 2
	}
	var text []string
	for _, t := range ts[:n] {
		text = append(text, t.text)
	}
	name := strings.Join(text, " ")
	flags, ok := KubectlCommands[name]
	if !ok {
		w.at(ts[0], "kubectl: unknown command %q", name).WithHint(diag.DidYouMean(name, names))
		return false
	}
	a.Command = Word{Text: name, Pos: w.pos(ts[0])}
	a.Flags = map[string]string{}
	args, takesArgs := KubectlArgs[name]
	for i := n; i < len(ts); i++ {
		t := ts[i]
		flag, val, hasVal := strings.Cut(t.text, "=")
		switch {
		case flag == "-o":
			flag = "--output"
		case flag == "-n":
			flag = "--namespace"
		case flag == "-A":
			flag = "--all-namespaces"
		case takesArgs && !strings.HasPrefix(flag, "-"):
			if len(a.Args) == args.N {
				w.at(t, "kubectl %s: %s", name, args.Message)
				return false
			}
			a.Args = append(a.Args, t.text)
			continue
		case !strings.HasPrefix(flag, "--"):
			w.at(t, "kubectl %s: unexpected argument %q", name, t.text).WithHint("flags are written --name=value")
			return false
		}
		flag = strings.TrimPrefix(flag, "--")
		if !slices.Contains(flags, flag) {
			w.at(t, "kubectl %s: unknown flag --%s", name, flag).WithHint(flagHint(flags))
			return false
		}
		if !hasVal && (flag == "output" || flag == "namespace" || flag == "subresource" || flag == "as" || flag == "as-group") && i+1 < len(ts) {
			i++
			val, hasVal = ts[i].text, true
		}
		if !hasVal {
			val = "true"
		}
		if vs := kubectlFlagValues[flag]; vs != nil && !slices.Contains(vs, val) {
			w.at(t, "kubectl %s: --%s takes %s, not %q", name, flag, strings.Join(vs, " or "), val)
			return false
		}
		if prev, ok := a.Flags[flag]; ok && flag == "as-group" {
			val = prev + "," + val // a repeated --as-group adds a group
		}
		a.Flags[flag] = val
	}
	if takesArgs && len(a.Args) != args.N {
		w.at(ts[0], "kubectl %s: %s", name, args.Message).WithHint("as in \"kubectl: auth can-i create deployments -n demo\"")
		return false
	}
	return true
}

// flagHint lists a command's flags.
func flagHint(flags []string) string {
	if len(flags) == 0 {
		return "this command takes no flags here"
	}
	return "it takes --" + strings.Join(flags, ", --")
}
