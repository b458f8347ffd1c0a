package site

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/loopbook/loopbook/engine/parallel"
)

// Publish writes out to the folder dir atomically: the files go to a new
// temporary folder beside dir, which then takes dir's place. If anything
// fails, dir is left exactly as it was. Only dir's previous content and the
// build's own temporary folders are ever removed.
func Publish(out *Output, dir string) (err error) {
	dir = filepath.Clean(dir)
	if err := refuseDangerous(dir); err != nil {
		return err
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".new-")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	if err := writeFiles(tmp, out.Files); err != nil {
		return err
	}
	old := ""
	if _, err := os.Stat(dir); err == nil {
		old = tmp + ".old"
		if err := os.Rename(dir, old); err != nil {
			return fmt.Errorf("publish: cannot move the previous %s aside: %w", dir, err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			if rerr := os.Rename(old, dir); rerr != nil {
				return fmt.Errorf("publish: %w (and restoring the previous output failed: %v)", err, rerr)
			}
		}
		return fmt.Errorf("publish: %w", err)
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// refuseDangerous stops a publish that would replace a folder that is not
// build output: a site's sources or a repository.
func refuseDangerous(dir string) error {
	for _, marker := range []string{ConfigFile, "go.mod", ".git", "content", "lessons"} {
		if _, err := os.Stat(filepath.Join(dir, marker)); err == nil {
			return fmt.Errorf("refusing to publish into %s: it holds %s, so it is not build output; choose another destination with -d", dir, marker)
		}
	}
	if info, err := os.Stat(dir); err == nil && !info.IsDir() {
		return fmt.Errorf("cannot publish into %s: it is a file, not a folder", dir)
	}
	return nil
}

// writeFiles writes files below dir: their folders first, in order, then
// the files themselves on all cores.
func writeFiles(dir string, files []File) error {
	made := map[string]bool{}
	for _, f := range files {
		d := filepath.Dir(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if made[d] {
			continue
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		made[d] = true
	}
	errs := make([]error, len(files))
	parallel.Do(len(files), func(i int) {
		errs[i] = os.WriteFile(filepath.Join(dir, filepath.FromSlash(files[i].Path)), files[i].Data, 0o644)
	})
	return errors.Join(errs...)
}
