package apiserver

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// continueToken is the state a list's continue parameter carries
// (k8s.io/apiserver/pkg/storage/continue.go): the revision the list reads
// at and the key it resumes from, relative to the resource's prefix.
type continueToken struct {
	APIVersion      string `json:"v"`
	ResourceVersion int64  `json:"rv"`
	StartKey        string `json:"start"`
}

// encodeContinue encodes the token that resumes a list after key.
func encodeContinue(key, prefix string, rev int64) string {
	b, _ := json.Marshal(continueToken{APIVersion: "meta.k8s.io/v1", ResourceVersion: rev, StartKey: strings.TrimPrefix(key, prefix)})
	return base64.RawURLEncoding.EncodeToString(b)
}

// decodeContinue decodes a continue parameter into the store key to start
// at and the revision to read at (-1: the newest), with storage's errors
// as the 400 the API server answers.
func decodeContinue(token, prefix string) (string, int64, *api.Status) {
	bad := func(err string) (string, int64, *api.Status) {
		return "", 0, api.NewBadRequest(fmt.Sprintf("invalid continue token: %s", err))
	}
	data, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil {
		return bad("continue key is not valid: " + err.Error())
	}
	var c continueToken
	if err := json.Unmarshal(data, &c); err != nil {
		return bad("continue key is not valid: " + err.Error())
	}
	if c.APIVersion != "meta.k8s.io/v1" {
		return bad("continue key is not valid: server does not recognize this encoded version " + c.APIVersion)
	}
	if c.ResourceVersion == 0 {
		return bad("continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)")
	}
	if c.StartKey == "" {
		return bad("continue key is not valid: encoded start key empty (version meta.k8s.io/v1)")
	}
	key := c.StartKey
	if !strings.HasPrefix(key, "/") {
		key = "/" + key
	}
	// path.Clean keeps a start key from climbing out of the prefix; the
	// NUL that ends a key survives it.
	if cleaned := path.Clean(key); cleaned != key {
		return bad("continue key is not valid: " + c.StartKey)
	}
	return prefix + key[1:], c.ResourceVersion, nil
}
