package runtime

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// ExecResult is the outcome of a command run in a container.
type ExecResult struct {
	Stdout, Stderr string
	ExitCode       int
}

// ExecSync runs cmd in a running container and returns its output, as the
// CRI's ExecSync (used by exec probes) and Exec (kubectl exec) do.
//
// The command's words joined with spaces are looked up in the image's Exec
// answers first. Otherwise a small built-in shell answers: hostname (the
// Pod's hostname), env and printenv (the environment captured when the
// container was created), cat FILE (files the kubelet mounted), echo,
// true, false, and sh -c "…" around any of them. Any other program is not
// found, with runc's error.
func (r *Runtime) ExecSync(id string, cmd []string) (ExecResult, error) {
	if !r.up {
		return ExecResult{}, errDown()
	}
	c, ok := r.containers[id]
	if !ok {
		return ExecResult{}, errorf(NotFound, "an error occurred when try to find container %q: not found", id)
	}
	if c.state != StateRunning {
		return ExecResult{}, errorf(Unknown, "failed to exec in container: container is in %s state", c.state)
	}
	if len(cmd) == 0 {
		return ExecResult{}, errorf(Unknown, "failed to exec in container: failed to start exec: OCI runtime exec failed: exec failed: unable to start container process: exec: \"\": executable file not found in $PATH: unknown")
	}
	if a, ok := c.image.Exec[strings.Join(cmd, " ")]; ok {
		return ExecResult{Stdout: a.Stdout, ExitCode: a.ExitCode}, nil
	}
	if (cmd[0] == "sh" || cmd[0] == "/bin/sh" || cmd[0] == "bash") && len(cmd) == 3 && cmd[1] == "-c" {
		return c.builtin(strings.Fields(cmd[2]))
	}
	return c.builtin(cmd)
}

// builtin runs the built-in shell's programs.
func (c *container) builtin(cmd []string) (ExecResult, error) {
	if len(cmd) == 0 {
		return ExecResult{}, nil
	}
	switch path.Base(cmd[0]) {
	case "true":
		return ExecResult{}, nil
	case "false":
		return ExecResult{ExitCode: 1}, nil
	case "hostname":
		h := c.sb.cfg.Hostname
		if h == "" {
			h = c.sb.cfg.Name
		}
		return ExecResult{Stdout: h + "\n"}, nil
	case "echo":
		return ExecResult{Stdout: strings.Join(cmd[1:], " ") + "\n"}, nil
	case "env", "printenv":
		var b strings.Builder
		for _, e := range c.env() {
			if len(cmd) > 1 && cmd[0] == "printenv" {
				if slices.Contains(cmd[1:], e.Name) {
					b.WriteString(e.Value + "\n")
				}
				continue
			}
			b.WriteString(e.Name + "=" + e.Value + "\n")
		}
		if len(cmd) > 1 && b.Len() == 0 {
			return ExecResult{ExitCode: 1}, nil
		}
		return ExecResult{Stdout: b.String()}, nil
	case "cat":
		var out strings.Builder
		for _, p := range cmd[1:] {
			content, ok := c.file(p)
			if !ok {
				return ExecResult{Stdout: out.String(), Stderr: fmt.Sprintf("cat: %s: No such file or directory\n", p), ExitCode: 1}, nil
			}
			out.WriteString(content)
		}
		return ExecResult{Stdout: out.String()}, nil
	}
	return ExecResult{}, errorf(Unknown, "failed to exec in container: failed to start exec: OCI runtime exec failed: exec failed: unable to start container process: exec: %q: executable file not found in $PATH: unknown", cmd[0])
}

// env is the container's environment: HOSTNAME as runc sets it, then the
// kubelet's variables, sorted by name.
func (c *container) env() []EnvVar {
	h := c.sb.cfg.Hostname
	if h == "" {
		h = c.sb.cfg.Name
	}
	out := append([]EnvVar{{Name: "HOSTNAME", Value: h}}, c.cfg.Env...)
	slices.SortStableFunc(out, func(a, b EnvVar) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// file reads a file the kubelet mounted: a file of a mounted directory,
// or a mount of one file (a subPath mount, its content under ""). The
// deepest mount that holds the path wins, as in a mount table.
func (c *container) file(p string) (string, bool) {
	p = path.Clean(p)
	best := -1
	content, found := "", false
	for _, m := range c.cfg.Mounts {
		dir := path.Clean(m.Path)
		rel, ok := strings.CutPrefix(p, dir+"/")
		if p == dir {
			rel, ok = "", true
		}
		if ok && len(dir) > best {
			best = len(dir)
			content, found = m.Files[rel]
		}
	}
	return content, found
}
