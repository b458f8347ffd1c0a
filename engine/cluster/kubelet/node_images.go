package kubelet

// imageListCache keeps the images of the Node's status for as long as the
// runtime's images and power state stay the same.
type imageListCache struct {
	set  bool
	gen  uint64
	up   bool
	list []any
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
	imgs := rt.ListImages()
	if len(imgs) > 50 {
		imgs = imgs[:50]
	}
	out := make([]any, 0, len(imgs))
	for _, im := range imgs {
		names := append(append([]string(nil), im.RepoDigests...), im.RepoTags...)
		if len(names) > 5 {
			names = names[:5]
		}
		l := make([]any, len(names))
		for i, n := range names {
			l[i] = n
		}
		out = append(out, map[string]any{"names": l, "sizeBytes": im.Size})
	}
	*c = imageListCache{set: true, gen: rt.ImagesGeneration(), up: rt.Up(), list: out}
	return out
}
