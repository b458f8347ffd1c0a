package runtime

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// imageRecord is an image the node has.
type imageRecord struct {
	name      string // normalized reference
	id        string // Digest(name)
	ref       string // digested reference, ImageRef(name)
	behaviour *Image
}

// ImageInfo describes an image the node has (the CRI's Image): its
// digested and tagged references and its size.
type ImageInfo struct {
	ID          string // the config digest; the model uses the manifest digest
	RepoTags    []string
	RepoDigests []string
	Size        int64
}

func (im *imageRecord) info() ImageInfo {
	size := im.behaviour.SizeBytes
	if size == 0 {
		size = DefaultImageSize
	}
	return ImageInfo{ID: im.id, RepoTags: []string{im.name}, RepoDigests: []string{im.ref}, Size: size}
}

func (r *Runtime) addImage(name string, behaviour *Image) *imageRecord {
	n := Normalize(name)
	id := Digest(n)
	im := &imageRecord{name: n, id: id, ref: imageRefOf(n, id), behaviour: behaviour}
	r.images[n] = im
	r.imagesGen++
	return im
}

// ImagesGeneration changes whenever the node's set of images does, so a
// caller can keep what it derived from ListImages until then. It does not
// change when the node goes down or up, which Up tells.
func (r *Runtime) ImagesGeneration() uint64 { return r.imagesGen }

// ImageStatus reports whether the node has image (as a Pod spec names it).
func (r *Runtime) ImageStatus(image string) (ImageInfo, bool) {
	if !r.up {
		return ImageInfo{}, false
	}
	im, ok := r.images[Normalize(image)]
	if !ok {
		return ImageInfo{}, false
	}
	return im.info(), true
}

// ListImages lists the node's images, largest first, as the kubelet's
// image manager sorts them for the node status (pkg/kubelet/images,
// sliceutils.ByImageSize), then by name.
func (r *Runtime) ListImages() []ImageInfo {
	if !r.up {
		return nil
	}
	out := make([]ImageInfo, 0, len(r.images))
	for _, im := range r.images {
		out = append(out, im.info())
	}
	slices.SortFunc(out, func(a, b ImageInfo) int {
		if c := cmp.Compare(b.Size, a.Size); c != 0 {
			return c
		}
		return strings.Compare(a.RepoTags[0], b.RepoTags[0])
	})
	return out
}

// PullImage pulls image for the Pod of sandbox. done is called when the
// call returns: with the image's digested reference after the image's
// PullDuration, or with the failure when the image's pulls fail
// (PullDuration after the call too). Simplification: a pull of an image
// the node already has returns at once.
func (r *Runtime) PullImage(image string, sandbox PodSandboxConfig, done func(ref string, err error)) {
	if !r.up {
		done("", errDown())
		return
	}
	name := Normalize(image)
	behaviour := r.cfg.Images.Lookup(image)
	var err *Error
	if behaviour.PullFails {
		err = pullError(name)
	}
	var outcome error
	if err != nil {
		outcome = err
	}
	r.cri(trace.CRIPullImage, &sandbox, image, outcome)
	var d time.Duration
	if _, have := r.images[name]; !have {
		d = behaviour.PullDuration
	}
	if end := r.cfg.Loop.Now().Add(d); end > r.pullsEnd {
		r.pullsEnd = end
	}
	r.after(d, func() {
		if err != nil {
			done("", err)
			return
		}
		if _, have := r.images[name]; !have {
			r.addImage(name, behaviour)
		}
		done(ImageRef(name), nil)
	})
}
