package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/scenario/result"
)

func TestResponsesShowCommandsAndAnswers(t *testing.T) {
	var b bytes.Buffer
	s := &result.Scenario{ID: "r", Title: "R", Responses: []result.Response{
		{User: "alice", Action: "kubectl get --raw '/version'", Code: 200, Output: `{"major":"1"}`},
		{User: "bob", Action: "kubectl get pods -n <demo>", Code: 403, Output: "Error from server (Forbidden): nope"},
		{Code: 201},
	}}
	if err := Scenario(&b, s, Options{}); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		`<pre class="lb-terminal"><code><span class="lb-prompt">alice$</span> kubectl get --raw &#39;/version&#39;` + "\n" + `{&#34;major&#34;:&#34;1&#34;}</code></pre>`,
		`<pre class="lb-terminal is-refused"><code><span class="lb-prompt">bob$</span> kubectl get pods -n &lt;demo&gt;`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s\nin %s", want, got)
		}
	}
	if n := strings.Count(got, "lb-terminal"); n != 2 {
		t.Errorf("%d terminals, want 2 (a response without a command is left out)", n)
	}
}

func TestInventoryShowsWhoCallsAnActor(t *testing.T) {
	inv := result.Inventory{Watches: []string{"WATCH pods"}, CalledBy: []string{"CRI.StartContainer from kubelet/worker-a"}}
	var p printer
	p.inventoryText(&inv)
	if got, want := string(p.b), "WATCHES: WATCH pods. CALLED BY: CRI.StartContainer from kubelet/worker-a."; got != want {
		t.Errorf("inventory = %q, want %q", got, want)
	}
}
