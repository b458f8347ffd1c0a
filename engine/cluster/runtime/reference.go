package runtime

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Normalize returns the fully qualified reference containerd reports for an
// image name, as the Docker reference grammar normalizes it
// (github.com/distribution/reference, ParseNormalizedNamed and
// TagNameOnly): a name without a registry is on docker.io, a single-element
// name is under library/, and a name without tag or digest gets the tag
// latest.
//
//	web:v1                   → docker.io/library/web:v1
//	nginx                    → docker.io/library/nginx:latest
//	alice/app:2              → docker.io/alice/app:2
//	registry.k8s.io/pause:3.10 → registry.k8s.io/pause:3.10
func Normalize(name string) string {
	repo, rest := splitReference(name)
	if i := strings.IndexByte(repo, '/'); i < 0 {
		repo = "docker.io/library/" + repo
	} else if first := repo[:i]; !strings.ContainsAny(first, ".:") && first != "localhost" {
		repo = "docker.io/" + repo
	}
	if rest == "" {
		rest = ":latest"
	}
	return repo + rest
}

// splitReference splits a reference into its repository and what follows
// it: ":tag", "@digest", ":tag@digest" or "".
func splitReference(name string) (repo, rest string) {
	at := strings.IndexByte(name, '@')
	if at >= 0 {
		name, rest = name[:at], name[at:]
	}
	slash := strings.LastIndexByte(name, '/')
	if colon := strings.LastIndexByte(name, ':'); colon > slash {
		return name[:colon], name[colon:] + rest
	}
	return name, rest
}

// repository returns the normalized repository of a reference, without
// tag or digest.
func repository(name string) string {
	repo, _ := splitReference(Normalize(name))
	return repo
}

// Digest returns the manifest digest the model gives an image:
// "sha256:" and the SHA-256 of its normalized reference, so that the same
// image has the same digest on every node and in every run.
func Digest(name string) string {
	sum := sha256.Sum256([]byte(Normalize(name)))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// ImageRef is the digested reference containerd reports as a container's
// image ID, which the kubelet shows as imageID: "REPOSITORY@sha256:…".
func ImageRef(name string) string {
	return imageRefOf(name, Digest(name))
}

// imageRefOf is ImageRef(name) for the digest of name, Digest(name).
func imageRefOf(name, digest string) string { return repository(name) + "@" + digest }
