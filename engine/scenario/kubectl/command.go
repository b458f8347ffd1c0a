package kubectl

import (
	"fmt"
	"strconv"
	"strings"
)

// command is a parsed command line.
type command struct {
	verb, resource string
	names          []string
	namespace      string
	all            bool
	output         string
	selector       map[string]string
	container      string
	// showEvents is describe's --show-events when given (nil: the
	// default, events for a single object only).
	showEvents *bool
}

// parse reads the words after "kubectl".
func parse(args []string) (*command, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("expected a command: get, describe or logs")
	}
	c := &command{verb: args[0]}
	var pos []string
	for i := 1; i < len(args); i++ {
		a := args[i]
		flag, val, hasVal := strings.Cut(a, "=")
		next := func() (string, error) {
			if hasVal {
				return val, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("flag needs an argument: %s", flag)
			}
			i++
			return args[i], nil
		}
		var err error
		switch flag {
		case "-o", "--output":
			c.output, err = next()
			if err == nil && c.output != "wide" && c.output != "yaml" {
				err = fmt.Errorf("unable to match a printer suitable for the output format %q, allowed formats are: wide, yaml", c.output)
			}
		case "-n", "--namespace":
			c.namespace, err = next()
		case "-A", "--all-namespaces":
			c.all = true
		case "-l", "--selector":
			var s string
			if s, err = next(); err == nil {
				c.selector, err = parseSelector(s)
			}
		case "-c", "--container":
			c.container, err = next()
		case "--show-events":
			// A boolean flag: bare means true; a value only after "=".
			show := true
			if hasVal {
				show, err = strconv.ParseBool(val)
				if err != nil {
					err = fmt.Errorf("invalid argument %q for \"--show-events\" flag: %w", val, err)
				}
			}
			c.showEvents = &show
		default:
			if strings.HasPrefix(a, "-") {
				return nil, fmt.Errorf("unknown flag: %s", flag)
			}
			pos = append(pos, a)
		}
		if err != nil {
			return nil, err
		}
	}
	return c, c.positional(pos)
}

// positional reads RESOURCE [NAME…], RESOURCE/NAME and NS/NAME.
func (c *command) positional(pos []string) error {
	if c.verb == "logs" {
		if len(pos) != 1 {
			return fmt.Errorf("expected one pod for logs, got %d arguments", len(pos))
		}
		pos = []string{"pod", strings.TrimPrefix(strings.TrimPrefix(pos[0], "pods/"), "pod/")}
	}
	if len(pos) == 0 {
		return fmt.Errorf("you must specify the type of resource to %s", c.verb)
	}
	if r, n, ok := strings.Cut(pos[0], "/"); ok {
		c.resource = r
		pos = append([]string{n}, pos[1:]...)
	} else {
		c.resource, pos = pos[0], pos[1:]
	}
	for _, p := range pos {
		if ns, n, ok := strings.Cut(p, "/"); ok {
			if c.namespace != "" && c.namespace != ns {
				return fmt.Errorf("%q names namespace %s, but -n names %s", p, ns, c.namespace)
			}
			c.namespace, p = ns, n
		}
		if p == "" {
			return fmt.Errorf("empty name in %q", strings.Join(pos, " "))
		}
		c.names = append(c.names, p)
	}
	return nil
}

// parseSelector reads equality terms: k=v,k2=v2 (== and != as well).
func parseSelector(s string) (map[string]string, error) {
	out := map[string]string{}
	for _, term := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(term, "=")
		k, v = strings.TrimSpace(k), strings.TrimPrefix(strings.TrimSpace(v), "=")
		if !ok || k == "" || strings.HasSuffix(k, "!") {
			return nil, fmt.Errorf("unable to parse requirement %q: only key=value terms are supported", term)
		}
		out[k] = v
	}
	return out, nil
}
