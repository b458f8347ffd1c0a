package apiserver

import (
	"encoding/json"
	"sync"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// Version is the Kubernetes release the model follows.
const Version = "v1.37.0"

// versionInfo is /version (k8s.io/apimachinery/pkg/version.Info), in the
// field order and formats a real v1.37 server answers with.
type versionInfo struct {
	Major                 string `json:"major"`
	Minor                 string `json:"minor"`
	EmulationMajor        string `json:"emulationMajor"`
	EmulationMinor        string `json:"emulationMinor"`
	MinCompatibilityMajor string `json:"minCompatibilityMajor"`
	MinCompatibilityMinor string `json:"minCompatibilityMinor"`
	GitVersion            string `json:"gitVersion"`
	GitCommit             string `json:"gitCommit"`
	GitTreeState          string `json:"gitTreeState"`
	BuildDate             string `json:"buildDate"`
	GoVersion             string `json:"goVersion"`
	Compiler              string `json:"compiler"`
	Platform              string `json:"platform"`
}

func serveVersion(r *request) *api.Response { return rawOK(versionJSON()) }

// versionJSON is the body of /version, the same for every request, encoded
// once; responses share it and nothing writes to a response's Raw.
var versionJSON = sync.OnceValue(func() []byte {
	b, err := json.Marshal(versionInfo{
		Major: "1", Minor: "37", EmulationMajor: "1", EmulationMinor: "37",
		MinCompatibilityMajor: "1", MinCompatibilityMinor: "36",
		GitVersion: Version, GitCommit: "0000000000000000000000000000000000000000", GitTreeState: "clean",
		BuildDate: "2026-01-01T00:00:00Z", GoVersion: "go1.26.8", Compiler: "gc", Platform: "linux/amd64",
	})
	if err != nil {
		panic(err) // a struct of strings always encodes
	}
	return b
})
