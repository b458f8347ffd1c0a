package object

// IsPodReady is podutil.IsPodReady (pkg/api/v1/pod/util.go) on a Pod
// object: its Ready condition is True.
func IsPodReady(o *Object) bool {
	c := StatusCondition(o.Status(), "Ready")
	return c != nil && c["status"] == "True"
}

// IsPodTerminal reports whether a Pod object has finished: phase
// Succeeded or Failed.
func IsPodTerminal(o *Object) bool {
	switch stringAt(o.Status(), "phase") {
	case "Succeeded", "Failed":
		return true
	}
	return false
}
