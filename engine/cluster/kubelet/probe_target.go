package kubelet

import (
	"strconv"
	"strings"
)

// probeTarget is what a probe's PROBE events say of where it goes: the
// address, the URL of an HTTP probe, and the event's detail line. It
// follows from the worker's spec, the Pod's sandbox, its IP and the
// probe's port alone, so a worker builds it once and again only when one
// of those changes.
type probeTarget struct {
	set       bool
	sandboxID string
	ip        string
	port      int32

	addr   string // IP:port
	path   string // for httpGet: the path asked for, "/" by default
	url    string // for httpGet: http://IP:port/path
	detail string
}

// target returns the worker's probe target for the Pod's current sandbox,
// at ip and port.
func (pw *probeWorker) target(sandboxID, ip string, port int32) *probeTarget {
	t := &pw.targetCache
	if t.set && t.sandboxID == sandboxID && t.ip == ip && t.port == port {
		return t
	}
	*t = probeTarget{set: true, sandboxID: sandboxID, ip: ip, port: port}
	t.addr = ip + ":" + strconv.Itoa(int(port))
	p := pw.spec
	prefix := strings.ToLower(pw.kind.String()) + " " + pw.container + " "
	switch p.Handler {
	case "httpGet":
		t.path = p.Path
		if t.path == "" {
			t.path = "/"
		}
		t.url = "http://" + t.addr + t.path
		t.detail = prefix + "GET " + t.url
	case "tcpSocket", "grpc":
		t.detail = prefix + p.Handler + " " + t.addr
	case "exec":
		t.detail = prefix + "exec " + strings.Join(p.Command, " ")
	}
	return t
}
