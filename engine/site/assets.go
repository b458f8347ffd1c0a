package site

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"strings"

	"github.com/loopbook/loopbook/engine/markdown"
)

// AssetsDir is the output folder of the theme's assets.
const AssetsDir = "assets"

// fingerprinted are the asset types whose names carry a content hash, so a
// browser never keeps a stale copy.
var fingerprinted = map[string]bool{".css": true, ".js": true, ".svg": true, ".png": true, ".ico": true, ".woff2": true}

// publishAssets minifies and fingerprints the theme's assets. style.css
// gains the code-highlighting rules. It returns the output files and the
// output path of each asset by its theme name.
func publishAssets(assets map[string][]byte, m *minifier) ([]File, map[string]string, error) {
	var files []File
	paths := map[string]string{}
	for _, name := range sortedKeys(assets) {
		data := assets[name]
		if name == "style.css" {
			data = append(append(append([]byte{}, data...), '\n'), markdown.StyleCSS()...)
		}
		data, err := m.bytes(name, data)
		if err != nil {
			return nil, nil, err
		}
		out := path.Join(AssetsDir, name)
		if ext := path.Ext(name); fingerprinted[ext] {
			sum := sha256.Sum256(data)
			out = path.Join(AssetsDir, strings.TrimSuffix(name, ext)+"."+hex.EncodeToString(sum[:5])+ext)
		}
		paths[name] = out
		files = append(files, File{Path: out, Data: data})
	}
	return files, paths, nil
}
