package browsertest

import (
	"errors"
	"os"
	"os/exec"
)

// installHint is what a machine without chromium needs, said once for all
// tests.
const installHint = "chromium is not installed; the browser tests need it. Install it with\n" +
	"\tsudo apt-get install -y chromium\n" +
	"(`make test` does this itself when run as root), or point LOOPBOOK_CHROMIUM at a Chromium or Chrome binary"

// findChromium returns the path of the browser binary.
func findChromium() (string, error) {
	if p := os.Getenv("LOOPBOOK_CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", errors.New("LOOPBOOK_CHROMIUM=" + p + " does not exist\n" + installHint)
		}
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New(installHint)
}
