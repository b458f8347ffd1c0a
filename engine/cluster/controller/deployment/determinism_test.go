package deployment_test

import (
	"bytes"
	"testing"
)

// One seed, one trace: a rollout run twice writes the same bytes.
func TestDeterministicTrace(t *testing.T) {
	run := func() []byte {
		f := newFixture(t)
		f.start()
		f.Apply(web(4, "web:v1"))
		f.complete(4)
		f.setImage("web:v2")
		f.complete(4)
		var b bytes.Buffer
		if err := f.Env.Log.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a, b := run(), run()
	if !bytes.Equal(a, b) {
		t.Errorf("two runs of one seed differ (%d and %d bytes)", len(a), len(b))
	}
}
