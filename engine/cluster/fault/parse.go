package fault

import (
	"fmt"
	"strings"
)

// Parse reads a fault as the lesson format writes it: the phrase, then the
// target where the fault takes one ("kill node worker-b", "break etcd").
// Words are separated by any white space. An unknown phrase is an error
// that names the nearest fault of the vocabulary:
//
//	unknown fault "kill schedular"; did you mean "kill scheduler"?
func Parse(s string) (Fault, error) {
	words := strings.Fields(s)
	text := strings.Join(words, " ")
	if text == "" {
		return Fault{}, fmt.Errorf("empty fault; the faults are: %s", strings.Join(phrases(), ", "))
	}
	for _, f := range Forms() {
		n := len(strings.Fields(f.Phrase))
		if len(words) < n || strings.Join(words[:n], " ") != f.Phrase {
			continue
		}
		rest := words[n:]
		switch {
		case len(rest) > 1:
			return Fault{}, fmt.Errorf("fault %q: %q takes at most one target (%s), got %q", text, f.Phrase, f.Word, strings.Join(rest, " "))
		case len(rest) == 1 && f.Target == NoTarget:
			return Fault{}, fmt.Errorf("fault %q: %q takes no target, got %q", text, f.Phrase, rest[0])
		case len(rest) == 0 && f.Target == RequiredTarget:
			return Fault{}, fmt.Errorf("fault %q: missing target; write %q", text, f.Phrase+" "+f.Word)
		}
		out := Fault{Kind: f.Kind}
		if len(rest) == 1 {
			out.Target = rest[0]
		}
		if out.Kind == CrashContainer && strings.Count(out.Target, "/") != 1 {
			return Fault{}, fmt.Errorf("fault %q: the target is NAMESPACE/POD, got %q", text, out.Target)
		}
		return out, nil
	}
	return Fault{}, fmt.Errorf("unknown fault %q; did you mean %q?", text, nearest(words))
}

// phrases are the vocabulary's phrases.
func phrases() []string {
	var out []string
	for _, f := range Forms() {
		out = append(out, f.Phrase)
	}
	return out
}

// nearest returns the fault closest to words: the phrase with the least
// edit distance to as many leading words as the phrase has, followed by
// the remaining words (the target as written).
func nearest(words []string) string {
	best, bestDist, bestN := "", -1, 0
	for _, f := range Forms() {
		n := min(len(strings.Fields(f.Phrase)), len(words))
		d := distance(strings.Join(words[:n], " "), f.Phrase)
		if bestDist < 0 || d < bestDist {
			best, bestDist, bestN = f.Phrase, d, n
		}
	}
	if rest := words[bestN:]; len(rest) > 0 {
		return best + " " + strings.Join(rest, " ")
	}
	return best
}

// distance is the Levenshtein distance between a and b, by bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
