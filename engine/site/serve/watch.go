package serve

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/loopbook/loopbook/engine/site"
)

// watchedTrees are the folders of the site root a rebuild depends on,
// besides loopbook.yaml: the page trees, and the site's overrides of the
// theme's layouts and assets (the theme itself is part of the binary).
var watchedTrees = []string{"content", "lessons", "layouts", "assets"}

// Watch rebuilds the site whenever one of its sources changes, until ctx
// is done. It watches the site root for loopbook.yaml and for the page and
// theme folders appearing, and each of those folders recursively, adding
// new subfolders as they are created. A burst of changes (an editor's save,
// a git checkout) makes one rebuild, once the files have been quiet for
// about 100 ms. Watcher errors are printed to Err; Watch returns an error
// only when it cannot watch at all. Run one Watch per Server.
func (s *Server) Watch(ctx context.Context) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("serve: watch: %w", err)
	}
	defer w.Close()
	if err := w.Add(s.opts.Source); err != nil {
		return fmt.Errorf("serve: watch %s: %w", s.opts.Source, err)
	}
	for _, name := range watchedTrees {
		s.addTree(w, filepath.Join(s.opts.Source, name))
	}
	s.watchOnce.Do(func() { close(s.watching) })

	timer := time.NewTimer(time.Hour)
	timer.Stop()
	changed := map[string]bool{}
	created := map[string]bool{}
	for {
		select {
		case <-ctx.Done():
			return nil
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			fmt.Fprintf(s.opts.Err, "watch: %v\n", err)
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				// Changes were lost: rebuild, since one may matter.
				changed["(too many changes to list)"] = true
				timer.Reset(s.debounce)
			}
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			rel, relevant := s.relevant(ev)
			if !relevant {
				continue
			}
			if ev.Has(fsnotify.Create) {
				s.addTree(w, ev.Name) // a new folder, or a no-op for a file
			}
			if !changed[rel] {
				// New in this burst when its first event creates it.
				created[rel] = ev.Has(fsnotify.Create)
			}
			changed[rel] = true
			timer.Reset(s.debounce)
		case <-timer.C:
			lasting := s.lasting(changed, created)
			clear(changed)
			clear(created)
			if len(lasting) > 0 {
				s.Rebuild(lasting)
			}
		}
	}
}

// relevant reports whether ev can change the build, and the changed path
// relative to the site root.
func (s *Server) relevant(ev fsnotify.Event) (string, bool) {
	if ev.Op == fsnotify.Chmod {
		return "", false
	}
	r, err := filepath.Rel(s.opts.Source, ev.Name)
	if err != nil || r == "." || strings.HasPrefix(r, "..") {
		return "", false
	}
	rel := filepath.ToSlash(r)
	top, _, _ := strings.Cut(rel, "/")
	known := top == site.ConfigFile
	for _, name := range watchedTrees {
		known = known || top == name
	}
	if !known || scratch(path.Base(rel)) {
		return "", false
	}
	return rel, true
}

// lasting returns, in order, the changed paths that outlast the burst of
// changes: not those whose first event created them and that are gone
// again, as the temporary file an editor or sed -i writes and renames
// over the real one. A burst of such files only changes nothing, and
// builds nothing.
func (s *Server) lasting(changed, created map[string]bool) []string {
	var out []string
	for _, rel := range sortedKeys(changed) {
		if created[rel] {
			if _, err := os.Lstat(filepath.Join(s.opts.Source, filepath.FromSlash(rel))); errors.Is(err, fs.ErrNotExist) {
				continue
			}
		}
		out = append(out, rel)
	}
	return out
}

// scratch reports an editor's temporary file: vim's swap files and 4913
// probe, backup files ending in ~, and Emacs lock files.
func scratch(base string) bool {
	return base == "4913" || strings.HasSuffix(base, "~") ||
		strings.HasPrefix(base, ".#") ||
		(strings.HasPrefix(base, ".") && (strings.HasSuffix(base, ".swp") || strings.HasSuffix(base, ".swx")))
}

// addTree watches the folder root and every folder below it, skipping
// dot folders. A root that is not a folder is ignored.
func (s *Server) addTree(w *fsnotify.Watcher, root string) {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // gone again before we got to it
			}
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if p != root && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		return w.Add(p)
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(s.opts.Err, "watch: %v\n", err)
	}
}

// sortedKeys returns the keys of m in order.
func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
