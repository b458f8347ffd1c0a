package kubelet

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// plainImages is the images list rendered afresh.
func plainImages(imgs []runtime.ImageInfo) []any {
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
	return out
}

// The images list rendered from the last one is the list rendered afresh,
// whatever changed between the two.
func TestImageListIsPlainList(t *testing.T) {
	image := func(name string, size int64) runtime.ImageInfo {
		return runtime.ImageInfo{ID: runtime.Digest(name), RepoTags: []string{name}, RepoDigests: []string{runtime.ImageRef(name)}, Size: size}
	}
	web, pause, db := image("web:v1", 300), image("pause:3.10", 100), image("db:v2", 200)
	bigger := web
	bigger.Size = 400
	retagged := web
	retagged.RepoTags = []string{"web:v1", "web:latest"}
	many := image("many:v1", 50)
	many.RepoTags = []string{"a", "b", "c", "d", "e"}
	var lots []runtime.ImageInfo
	for i := range 60 {
		lots = append(lots, image(fmt.Sprintf("img:%d", i), int64(1000-i)))
	}
	var c imageListCache
	for i, imgs := range [][]runtime.ImageInfo{
		nil, {web}, {web, pause}, {web, db, pause}, {db, pause}, {bigger, db, pause}, {retagged, db}, {many, web},
		lots, lots[5:], {}, {web},
	} {
		c.render(imgs)
		if want := plainImages(imgs); !reflect.DeepEqual(c.list, want) {
			t.Errorf("list %d: %v, want %v", i, c.list, want)
		}
	}
}
