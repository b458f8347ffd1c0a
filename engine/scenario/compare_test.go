package scenario

import (
	"fmt"
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// A claim's expression is compiled once, and answers, or fails, the same
// way each time it is asked.
func TestCompareAnswersAlikeEachTime(t *testing.T) {
	for range 2 {
		ok, err := compare("web:v1", true, spec.Matches, spec.Value{}, &spec.Word{Text: "v1$"})
		if !ok || err != nil {
			t.Errorf("matches /v1$/ on web:v1: %v, %v", ok, err)
		}
		ok, err = compare("web:v1", true, spec.Lacks, spec.Value{}, &spec.Word{Text: "v1$"})
		if ok || err != nil {
			t.Errorf("lacks /v1$/ on web:v1: %v, %v", ok, err)
		}
		_, err = compare("web:v1", true, spec.Matches, spec.Value{}, &spec.Word{Text: "(v1"})
		if err == nil || err.Error() != "error parsing regexp: missing closing ): `(v1`" {
			t.Errorf("matches /(v1/: %v", err)
		}
	}
}

// The set of compiled expressions stops growing at maxCompiled; a text
// past it is still compiled, and answers as before.
func TestCompiledExpressionsAreBounded(t *testing.T) {
	for i := range maxCompiled + 10 {
		if _, err := compileRegexp(fmt.Sprintf("^bound-%d$", i)); err != nil {
			t.Fatal(err)
		}
	}
	if n := compiledCount.Load(); n > maxCompiled {
		t.Errorf("%d expressions kept, the bound is %d", n, maxCompiled)
	}
	re, err := compileRegexp("^past-the-bound$")
	if err != nil || !re.MatchString("past-the-bound") {
		t.Errorf("a text past the bound: %v, %v", re, err)
	}
}
