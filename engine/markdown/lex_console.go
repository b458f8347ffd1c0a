package markdown

import "strings"

// scanConsole highlights a terminal session: a line that starts with a
// prompt ("$", "#", "%" or ">", optionally after user@host: or [user@host
// dir]) is a command, highlighted as shell after the prompt, together with
// the lines it continues onto with a trailing backslash; every other line
// is output.
func scanConsole(out sink, code string) {
	continued := false
	output := -1 // start of the pending run of output lines
	flush := func(end int) {
		if output >= 0 {
			out.emit("go", code[output:end])
			output = -1
		}
	}
	for i := 0; i < len(code); {
		end := min(lineEnd(code, i)+1, len(code))
		line := code[i:end]
		command := strings.TrimRight(line, "\r\n")
		switch p := promptLen(line); {
		case continued:
			scanShell(out, line)
		case p > 0:
			flush(i)
			out.emit("gp", line[:p])
			scanShell(out, line[p:])
		default:
			if output < 0 {
				output = i
			}
			continued = false
			i = end
			continue
		}
		continued = strings.HasSuffix(command, "\\")
		i = end
	}
	flush(len(code))
}

// promptLen returns the length of the prompt that starts line, up to and
// including the prompt character, or 0 when the line has none.
func promptLen(line string) int {
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c == ' ' || c == '\t' || c == '\n' {
			return 0
		}
		if strings.IndexByte("$#%>", c) < 0 {
			continue
		}
		next := i + 1
		if next < len(line) && line[next] != ' ' && line[next] != '\n' && line[next] != '\r' {
			continue // part of the prefix, e.g. "$HOME"
		}
		prefix := line[:i]
		if prefix == "" || strings.Contains(prefix, "@") || strings.HasSuffix(prefix, "]") {
			return next
		}
		return 0
	}
	return 0
}
