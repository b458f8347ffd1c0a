package site

import (
	"encoding/base64"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// OfflineFile is the output path of the offline edition: the print page as
// one self-contained file, its stylesheet, script and search index inlined
// and its images and other files as data: URLs, so that it reads the same
// when it is mailed or copied alone.
const OfflineFile = "loopbook-offline.html"

var (
	offlineStylesheet = regexp.MustCompile(`<link rel="?stylesheet"? href="([^"]*)"[^>]*>`)
	offlineScript     = regexp.MustCompile(`<script src="([^"]*)"[^>]*></script>`)
)

// offline renders loopbook-offline.html. assets are the theme's published
// assets and the search index; the site's static files are read from its
// source.
func (r *renderer) offline(pbs []*pageBuild, assets []File) (File, error) {
	p := &Page{Kind: KindPrint, Out: OfflineFile}
	v := r.baseView(p)
	v.Page.Title = r.src.Config.Title
	v.Print = r.printEntries(pbs)
	v.Offline = true
	html, err := r.page(p, v)
	if err != nil {
		return File{}, fmt.Errorf("render %s: %w", OfflineFile, err)
	}
	if html, err = r.min.bytes(OfflineFile, html); err != nil {
		return File{}, err
	}
	files := map[string][]byte{}
	for _, f := range assets {
		files[f.Path] = f.Data
	}
	for _, s := range r.src.Static {
		data, err := os.ReadFile(filepath.Join(r.src.Dir, filepath.FromSlash(s.Source)))
		if err != nil {
			return File{}, err
		}
		files[s.Out] = data
	}
	return File{Path: OfflineFile, Data: []byte(inlineFiles(string(html), files, r.assets[searchIndexAsset]))}, nil
}

// inlineFiles makes html self-contained: stylesheets become <style>,
// scripts become inline <script> (the search index first), and every other
// reference to a file in files becomes a data: URL. A link to a page of
// the site that is not in files (the print page itself, the not-found
// page) points to the top of the file.
func inlineFiles(html string, files map[string][]byte, searchIndex string) string {
	html = offlineStylesheet.ReplaceAllStringFunc(html, func(m string) string {
		data, ok := files[offlineStylesheet.FindStringSubmatch(m)[1]]
		if !ok {
			return m
		}
		return "<style>" + string(data) + "</style>"
	})
	index := "<script>" + strings.TrimSpace(string(files[searchIndex])) + "</script>"
	html = offlineScript.ReplaceAllStringFunc(html, func(m string) string {
		data, ok := files[offlineScript.FindStringSubmatch(m)[1]]
		if !ok {
			return m
		}
		s := index + "<script>" + string(data) + "</script>"
		index = ""
		return s
	})
	return replaceAttrs(html, offlineRefAttrs, fileRef, func(m, attr, u string) string {
		if isExternal(u) || strings.HasPrefix(u, "data:") {
			return m
		}
		p, frag, _ := strings.Cut(u, "#")
		if data, ok := files[p]; ok {
			return " " + attr + `="` + dataURL(p, data) + `"`
		}
		if strings.HasSuffix(p, ".html") {
			if frag != "" {
				return " " + attr + `="#` + frag + `"`
			}
			return " " + attr + `="#main"`
		}
		return m
	})
}

// offlineRefAttrs are the attributes whose files the offline file inlines.
var offlineRefAttrs = []string{"href", "src"}

// mediaTypes are the data: URL types by extension: a fixed table, so the
// file is the same on every machine (mime's table reads the system's).
var mediaTypes = map[string]string{
	".css": "text/css", ".gif": "image/gif", ".ico": "image/x-icon", ".jpeg": "image/jpeg", ".jpg": "image/jpeg",
	".js": "text/javascript", ".json": "application/json", ".pdf": "application/pdf", ".png": "image/png",
	".svg": "image/svg+xml", ".txt": "text/plain", ".webp": "image/webp", ".yaml": "text/plain", ".yml": "text/plain",
}

// dataURL encodes a file as a data: URL of its media type.
func dataURL(name string, data []byte) string {
	typ, ok := mediaTypes[strings.ToLower(path.Ext(name))]
	if !ok {
		typ = "application/octet-stream"
	}
	return "data:" + typ + ";base64," + base64.StdEncoding.EncodeToString(data)
}
