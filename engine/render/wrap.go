package render

import "strings"

// wrapLabel breaks label into at most two lines of about width characters,
// at spaces or after "-" and "/"; a second line that is still too long ends
// in "…". The full label is always in the actor's <title>.
func wrapLabel(label string, width int) []string {
	width = max(width, 4)
	r := []rune(label)
	if len(r) <= width {
		return []string{label}
	}
	cut := -1
	// A break after "-" may leave the hyphen one column over the width.
	for i := min(width+1, len(r)-1); i > 0; i-- {
		if r[i] == ' ' && i <= width {
			cut = i
			break
		}
		if r[i-1] == '-' || r[i-1] == '/' {
			cut = i
			break
		}
	}
	if cut <= 0 {
		cut = width
	}
	first := strings.TrimRight(string(r[:cut]), " ")
	rest := []rune(strings.TrimLeft(string(r[cut:]), " "))
	if len(rest) > width {
		rest = append(rest[:width-1], '…')
	}
	return []string{first, string(rest)}
}
