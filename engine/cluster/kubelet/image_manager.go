package kubelet

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// The reasons of image failures (pkg/kubelet/images/types.go).
const (
	errImagePull        = "ErrImagePull"
	errImagePullBackOff = "ImagePullBackOff"
	errImageNeverPull   = "ErrImageNeverPull"
)

// imageManager makes sure a container's image is on the node before the
// container is created (pkg/kubelet/images/image_manager.go,
// EnsureImageExists): per the container's imagePullPolicy, through the
// per-Pod-and-image pull back-off (10 s doubling to 300 s), one pull at a
// time (serializeImagePulls defaults to true, puller.go serialImagePuller).
type imageManager struct {
	l       *life
	backoff *backoff
	prevErr map[string]string // the last pull error, shown during the back-off
	queue   []pullRequest
	pulling bool
}

type pullRequest struct {
	image   string
	sandbox runtime.PodSandboxConfig
	done    func(ref string, err error)
}

// imageResult is EnsureImageExists' answer: the image's reference, or a
// failure reason (ErrImagePull, ImagePullBackOff, ErrImageNeverPull) with
// its message.
type imageResult struct {
	ref, reason, message string
}

func newImageManager(l *life) *imageManager {
	return &imageManager{l: l, backoff: newImageBackoff(), prevErr: map[string]string{}}
}

// ensure makes sure the image of c is present for the Pod of w, and calls
// done with the result (at once when nothing has to be pulled).
func (m *imageManager) ensure(w *podWorker, c *object.ContainerView, sandbox runtime.PodSandboxConfig, done func(imageResult)) {
	rt := m.l.k.rt
	image := applyDefaultTag(c.Image)
	_, present := rt.ImageStatus(image)
	switch c.ImagePullPolicy {
	case "Never":
		if !present {
			done(imageResult{reason: errImageNeverPull,
				message: fmt.Sprintf("Container image %q is not present with pull policy of Never", image)})
			return
		}
		done(imageResult{ref: runtime.ImageRef(image)})
		return
	case "Always":
	default: // IfNotPresent
		if present {
			done(imageResult{ref: runtime.ImageRef(image)})
			return
		}
	}
	key := w.uid + "_" + image
	now := m.l.now()
	if m.backoff.inBackOffSinceUpdate(key, now) {
		msg := fmt.Sprintf("Back-off pulling image %q", image)
		if prev, ok := m.prevErr[key]; ok {
			msg += ": " + prev
		}
		done(imageResult{reason: errImagePullBackOff, message: msg})
		return
	}
	delete(m.prevErr, key)
	m.pull(pullRequest{image: image, sandbox: sandbox, done: func(ref string, err error) {
		if err != nil {
			now := m.l.now()
			m.backoff.next(key, now, now)
			msg := err.Error() // evalCRIPullErr's fallback: the CRI error, ErrImagePull
			m.prevErr[key] = errImagePull + ": " + msg
			done(imageResult{reason: errImagePull, message: msg})
			return
		}
		m.backoff.gc(m.l.now())
		done(imageResult{ref: ref})
	}})
}

// pull queues a pull behind the one running.
func (m *imageManager) pull(req pullRequest) {
	m.queue = append(m.queue, req)
	if !m.pulling {
		m.next()
	}
}

func (m *imageManager) next() {
	if len(m.queue) == 0 {
		m.pulling = false
		return
	}
	req := m.queue[0]
	m.queue = m.queue[1:]
	m.pulling = true
	l := m.l
	l.k.rt.PullImage(req.image, req.sandbox, func(ref string, err error) {
		if l.stopped {
			return
		}
		req.done(ref, err)
		m.next()
	})
}

// applyDefaultTag adds the tag latest to an image without tag or digest
// (images/image_manager.go, applyDefaultImageTag).
func applyDefaultTag(image string) string {
	if strings.Contains(image, "@") {
		return image
	}
	slash := strings.LastIndexByte(image, '/')
	if colon := strings.LastIndexByte(image, ':'); colon > slash {
		return image
	}
	return image + ":latest"
}
