package kubelet

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// imageListCache keeps the images of the Node's status for as long as the
// runtime's images and power state stay the same.
type imageListCache struct {
	set  bool
	gen  uint64
	up   bool
	list []any
	// infos are the images list was rendered from, one for each element.
	infos []runtime.ImageInfo
}

// nodeImages lists the node's images as nodestatus.Images does: at most
// 50 (nodeStatusMaxImages), largest first, each with at most 5 names, its
// digests before its tags. The list is built again only when the
// runtime's images change; it is shared by every status that holds it and
// must not be modified.
func (l *life) nodeImages() []any {
	rt := l.k.rt
	c := &l.imageList
	if c.set && c.gen == rt.ImagesGeneration() && c.up == rt.Up() {
		return c.list
	}
	c.render(rt.ListImages())
	c.set, c.gen, c.up = true, rt.ImagesGeneration(), rt.Up()
	return c.list
}

// render sets the list to the images imgs, largest first, rendered: an
// image listed last time keeps its element, which nothing modifies.
func (c *imageListCache) render(imgs []runtime.ImageInfo) {
	if len(imgs) > 50 {
		imgs = imgs[:50]
	}
	out := make([]any, 0, len(imgs))
	for _, im := range imgs {
		if e := c.rendered(&im); e != nil {
			out = append(out, e)
			continue
		}
		out = append(out, renderImage(&im))
	}
	c.list, c.infos = out, imgs
}

// rendered is the element rendered last time for an image listed as im,
// or nil.
func (c *imageListCache) rendered(im *runtime.ImageInfo) any {
	for i := range c.infos {
		p := &c.infos[i]
		if p.ID == im.ID && p.Size == im.Size && slices.Equal(p.RepoDigests, im.RepoDigests) &&
			slices.Equal(p.RepoTags, im.RepoTags) {
			return c.list[i]
		}
	}
	return nil
}

// renderImage is one image as the Node's status lists it: its names, at
// most 5, digests first, and its size.
func renderImage(im *runtime.ImageInfo) map[string]any {
	names := append(append([]string(nil), im.RepoDigests...), im.RepoTags...)
	if len(names) > 5 {
		names = names[:5]
	}
	l := make([]any, len(names))
	for i, n := range names {
		l[i] = n
	}
	return map[string]any{"names": l, "sizeBytes": im.Size}
}
