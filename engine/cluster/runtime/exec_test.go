package runtime

import (
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/env"
)

func TestExecSync(t *testing.T) {
	im := DefaultImage(env.Default())
	im.Exec = map[string]ExecAnswer{"nginx -t": {Stdout: "syntax is ok\n"}, "check": {ExitCode: 2}}
	n := newNode(t, map[string]Image{"app:v1": im})
	pod := podA
	pod.Hostname = "web-0"
	_, id := n.running(pod, "app:v1", ContainerConfig{
		Env: []EnvVar{{Name: "MODE", Value: "prod"}},
		Mounts: []Mount{{Path: "/etc/config", Files: map[string]string{"app.yaml": "replicas: 3\n"}},
			{Path: "/etc/config/app.yaml", Files: map[string]string{"": "replicas: 5\n"}},
			{Path: "/etc/mode.conf", Files: map[string]string{"": "prod"}}},
	})
	tests := []struct {
		cmd    []string
		stdout string
		code   int
		err    string
	}{
		{cmd: []string{"hostname"}, stdout: "web-0\n"},
		{cmd: []string{"nginx", "-t"}, stdout: "syntax is ok\n"},
		{cmd: []string{"check"}, code: 2},
		{cmd: []string{"echo", "hi", "there"}, stdout: "hi there\n"},
		{cmd: []string{"printenv", "MODE"}, stdout: "prod\n"},
		{cmd: []string{"printenv", "NOPE"}, code: 1},
		{cmd: []string{"env"}, stdout: "HOSTNAME=web-0\nMODE=prod\n"},
		{cmd: []string{"cat", "/etc/config/app.yaml"}, stdout: "replicas: 5\n"},
		{cmd: []string{"cat", "/etc/mode.conf"}, stdout: "prod"},
		{cmd: []string{"cat", "/etc/mode.conf/x"}, code: 1},
		{cmd: []string{"cat", "/etc/config/missing"}, code: 1},
		{cmd: []string{"sh", "-c", "cat /etc/config/app.yaml"}, stdout: "replicas: 5\n"},
		{cmd: []string{"/bin/true"}},
		{cmd: []string{"false"}, code: 1},
		{cmd: []string{"curl"}, err: `exec: "curl": executable file not found in $PATH: unknown`},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.cmd, " "), func(t *testing.T) {
			res, err := n.rt.ExecSync(id, tc.cmd)
			if tc.err != "" {
				if err == nil || !strings.HasSuffix(err.Error(), tc.err) {
					t.Fatalf("err = %v, want …%s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Stdout != tc.stdout || res.ExitCode != tc.code {
				t.Errorf("got %q exit %d, want %q exit %d", res.Stdout, res.ExitCode, tc.stdout, tc.code)
			}
		})
	}
	if err := n.rt.Crash("demo", "web", "web"); err != nil {
		t.Fatal(err)
	}
	if _, err := n.rt.ExecSync(id, []string{"true"}); err == nil || !strings.Contains(err.Error(), "CONTAINER_EXITED") {
		t.Errorf("exec in an exited container: %v", err)
	}
}
