package runtime

import "fmt"

// Code is the gRPC status code of a failed CRI call, as a CRI client sees
// it (google.golang.org/grpc/codes).
type Code uint8

// The codes the model's runtime answers with.
const (
	Unknown            Code = 2
	NotFound           Code = 5
	FailedPrecondition Code = 9
	Unavailable        Code = 14
)

var codeNames = map[Code]string{Unknown: "Unknown", NotFound: "NotFound", FailedPrecondition: "FailedPrecondition", Unavailable: "Unavailable"}

// String returns the code's name ("NotFound").
func (c Code) String() string { return codeNames[c] }

// Error is a failed CRI call. Its text is what a kubelet logs and puts in
// messages: "rpc error: code = NotFound desc = …" (grpc's status.Error).
type Error struct {
	Code Code
	Desc string
}

// Error formats the failure as a gRPC status error.
func (e *Error) Error() string {
	return fmt.Sprintf("rpc error: code = %s desc = %s", e.Code, e.Desc)
}

func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Desc: fmt.Sprintf(format, args...)}
}

// errDown is every call's answer while the node is off: the kubelet's CRI
// client cannot reach containerd's socket.
func errDown() *Error {
	return errorf(Unavailable, `connection error: desc = "transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: no such file or directory"`)
}

// pullError is containerd's answer to a pull of a tag the registry does
// not have: the CRI plugin wraps the client's error
// (internal/cri/server/images/image_pull.go, "failed to pull and unpack
// image %q: %w"), which wraps the resolver's (client/pull.go, "failed to
// resolve reference %q: %w"; core/remotes/docker/resolver.go,
// "%s: not found").
func pullError(ref string) *Error {
	return errorf(NotFound, "failed to pull and unpack image %q: failed to resolve reference %q: %s: not found", ref, ref, ref)
}
