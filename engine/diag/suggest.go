package diag

import "fmt"

// Nearest returns the candidate closest to word by edit distance, or "" when
// none is close enough to be a plausible typo (distance at most a third of
// the word's length, and at least 1). Ties go to the earlier candidate.
func Nearest(word string, candidates []string) string {
	return NearestWithin(word, candidates, max(1, len([]rune(word))/3))
}

// NearestWithin is Nearest with the largest distance allowed set by the
// caller: a stricter one where a near miss is likely to be a real, other
// word (a field that exists beside one an object leaves out).
func NearestWithin(word string, candidates []string, limit int) string {
	best, bestDist := "", -1
	for _, c := range candidates {
		d := distance(word, c)
		if d > limit {
			continue
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// DidYouMean returns `did you mean "X"?` for the nearest candidate, or a
// list of the valid words when none is near.
func DidYouMean(word string, candidates []string) string {
	if n := Nearest(word, candidates); n != "" {
		return fmt.Sprintf("did you mean %q?", n)
	}
	if len(candidates) == 0 {
		return ""
	}
	return "expected one of " + quoteList(candidates)
}

func quoteList(words []string) string {
	s := ""
	for i, w := range words {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%q", w)
	}
	return s
}

// distance is the Damerau–Levenshtein (optimal string alignment) distance
// between a and b, counted in runes, so a swapped pair of letters costs 1.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
