package spec

import (
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/diag"
)

func TestParseClaim(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"never call", "never scheduler -> kubelet",
			`CallClaim{ClaimBase{Text:"never scheduler -> kubelet"} Never:true From:Word{Text:"scheduler"} To:Word{Text:"kubelet"}}`},
		{"call", "kubelet/worker-a -> apiserver",
			`CallClaim{ClaimBase{Text:"kubelet/worker-a -> apiserver"} From:Word{Text:"kubelet/worker-a"} To:Word{Text:"apiserver"}}`},
		{"field by name", "deployment demo/web .status.readyReplicas == 3",
			`FieldClaim{ClaimBase{Text:"deployment demo/web .status.readyReplicas == 3"} Objects:ObjectSelector{Kind:Word{Text:"deployment"} Namespace:"demo" Name:"web"} Path:FieldPath{Text:".status.readyReplicas" Path:.status.readyReplicas} Op:== Value:Value{Text:"3"}}`},
		{"field cluster-scoped", "node worker-b .spec.unschedulable != true",
			`FieldClaim{ClaimBase{Text:"node worker-b .spec.unschedulable != true"} Objects:ObjectSelector{Kind:Word{Text:"node"} Name:"worker-b"} Path:FieldPath{Text:".spec.unschedulable" Path:.spec.unschedulable} Op:!= Value:Value{Text:"true"}}`},
		{"field glob and match step", "pod demo/web-* .status.conditions[type=Ready].status == True",
			`FieldClaim{ClaimBase{Text:"pod demo/web-* .status.conditions[type=Ready].status == True"} Objects:ObjectSelector{Kind:Word{Text:"pod"} Namespace:"demo" Name:"web-*"} Path:FieldPath{Text:".status.conditions[type=Ready].status" Path:.status.conditions[type=Ready].status} Op:== Value:Value{Text:"True"}}`},
		{"field by selector", "pods demo app=web .status.phase == Running",
			`FieldClaim{ClaimBase{Text:"pods demo app=web .status.phase == Running"} Objects:ObjectSelector{Kind:Word{Text:"pods"} Namespace:"demo" Selector:Selector{Text:"app=web" Terms:[Requirement{Key:"app" Op:"=" Value:"web"}]}} Path:FieldPath{Text:".status.phase" Path:.status.phase} Op:== Value:Value{Text:"Running"}}`},
		{"dotted key and quoted value", `deployment demo/web .metadata.annotations["deployment.kubernetes.io/revision"] == "2"`,
			`FieldClaim{ClaimBase{Text:"deployment demo/web .metadata.annotations[\"deployment.kubernetes.io/revision\"] == \"2\""} Objects:ObjectSelector{Kind:Word{Text:"deployment"} Namespace:"demo" Name:"web"} Path:FieldPath{Text:".metadata.annotations[\"deployment.kubernetes.io/revision\"]" Path:.metadata.annotations["deployment.kubernetes.io/revision"]} Op:== Value:Value{Text:"2" Quoted:true}}`},
		{"index path and less-equal", "pod demo/web-b .status.containerStatuses[0].restartCount >= 1",
			`FieldClaim{ClaimBase{Text:"pod demo/web-b .status.containerStatuses[0].restartCount >= 1"} Objects:ObjectSelector{Kind:Word{Text:"pod"} Namespace:"demo" Name:"web-b"} Path:FieldPath{Text:".status.containerStatuses[0].restartCount" Path:.status.containerStatuses[0].restartCount} Op:>= Value:Value{Text:"1"}}`},
		{"after step", `pod demo/web-a .spec.nodeName exists after "Bind Pods"`,
			`FieldClaim{ClaimBase{Text:"pod demo/web-a .spec.nodeName exists after \"Bind Pods\""} Objects:ObjectSelector{Kind:Word{Text:"pod"} Namespace:"demo" Name:"web-a"} Path:FieldPath{Text:".spec.nodeName" Path:.spec.nodeName} Op:exists After:After{Step:Word{Text:"Bind Pods"}}}`},
		{"after action", "deployment demo/web .spec.replicas < 5 after scale-up",
			`FieldClaim{ClaimBase{Text:"deployment demo/web .spec.replicas < 5 after scale-up"} Objects:ObjectSelector{Kind:Word{Text:"deployment"} Namespace:"demo" Name:"web"} Path:FieldPath{Text:".spec.replicas" Path:.spec.replicas} Op:< Value:Value{Text:"5"} After:After{Action:Word{Text:"scale-up"}}}`},
		{"missing", "pod demo/web-a .spec.nodeName missing",
			`FieldClaim{ClaimBase{Text:"pod demo/web-a .spec.nodeName missing"} Objects:ObjectSelector{Kind:Word{Text:"pod"} Namespace:"demo" Name:"web-a"} Path:FieldPath{Text:".spec.nodeName" Path:.spec.nodeName} Op:missing}`},
		{"matches with spaces", "pod demo/web-a .status.conditions[type=PodScheduled].message matches /0\\/2 nodes are available/",
			`FieldClaim{ClaimBase{Text:"pod demo/web-a .status.conditions[type=PodScheduled].message matches /0\\/2 nodes are available/"} Objects:ObjectSelector{Kind:Word{Text:"pod"} Namespace:"demo" Name:"web-a"} Path:FieldPath{Text:".status.conditions[type=PodScheduled].message" Path:.status.conditions[type=PodScheduled].message} Op:matches Regex:Word{Text:"0\\/2 nodes are available"}}`},
		{"greater", "replicaset demo/web-1 .status.replicas > 0",
			`FieldClaim{ClaimBase{Text:"replicaset demo/web-1 .status.replicas > 0"} Objects:ObjectSelector{Kind:Word{Text:"replicaset"} Namespace:"demo" Name:"web-1"} Path:FieldPath{Text:".status.replicas" Path:.status.replicas} Op:> Value:Value{Text:"0"}}`},
		{"less-equal", "deployment demo/web .status.unavailableReplicas <= 1",
			`FieldClaim{ClaimBase{Text:"deployment demo/web .status.unavailableReplicas <= 1"} Objects:ObjectSelector{Kind:Word{Text:"deployment"} Namespace:"demo" Name:"web"} Path:FieldPath{Text:".status.unavailableReplicas" Path:.status.unavailableReplicas} Op:<= Value:Value{Text:"1"}}`},
		{"count", "count pods demo app=web == 3",
			`CountClaim{ClaimBase{Text:"count pods demo app=web == 3"} Kind:Word{Text:"pods"} Namespace:Word{Text:"demo"} Selector:Selector{Text:"app=web" Terms:[Requirement{Key:"app" Op:"=" Value:"web"}]} Op:== N:Scalar[int]{Value:3}}`},
		{"count with field selector", "count pods demo app=probe,status.phase=Pending == 3",
			`CountClaim{ClaimBase{Text:"count pods demo app=probe,status.phase=Pending == 3"} Kind:Word{Text:"pods"} Namespace:Word{Text:"demo"} Selector:Selector{Text:"app=probe,status.phase=Pending" Terms:[Requirement{Key:"app" Op:"=" Value:"probe"} Requirement{Key:"status.phase" Op:"=" Value:"Pending" Field:true}]} Op:== N:Scalar[int]{Value:3}}`},
		{"count cluster-scoped", "count nodes != 0",
			`CountClaim{ClaimBase{Text:"count nodes != 0"} Kind:Word{Text:"nodes"} Op:!= N:Scalar[int]{}}`},
		{"count selector only, not-equal term", "count pods tier!=db > 1",
			`CountClaim{ClaimBase{Text:"count pods tier!=db > 1"} Kind:Word{Text:"pods"} Selector:Selector{Text:"tier!=db" Terms:[Requirement{Key:"tier" Op:"!=" Value:"db"}]} Op:> N:Scalar[int]{Value:1}}`},
		{"always", "always count pods demo app=web <= 4",
			`TemporalClaim{ClaimBase{Text:"always count pods demo app=web <= 4"} Always:true Claim:CountClaim{ClaimBase{Text:"count pods demo app=web <= 4"} Kind:Word{Text:"pods"} Namespace:Word{Text:"demo"} Selector:Selector{Text:"app=web" Terms:[Requirement{Key:"app" Op:"=" Value:"web"}]} Op:<= N:Scalar[int]{Value:4}}}`},
		{"eventually", "eventually pod demo/web-b .status.phase == Running",
			`TemporalClaim{ClaimBase{Text:"eventually pod demo/web-b .status.phase == Running"} Claim:FieldClaim{ClaimBase{Text:"pod demo/web-b .status.phase == Running"} Objects:ObjectSelector{Kind:Word{Text:"pod"} Namespace:"demo" Name:"web-b"} Path:FieldPath{Text:".status.phase" Path:.status.phase} Op:== Value:Value{Text:"Running"}}}`},
		{"values", `values replicaset demo/web-1 .spec.replicas == [3, 2, 1, "0"]`,
			`ValuesClaim{ClaimBase{Text:"values replicaset demo/web-1 .spec.replicas == [3, 2, 1, \"0\"]"} Object:ObjectRef{Kind:Word{Text:"replicaset"} Namespace:"demo" Name:"web-1" Namespaced:true} Path:FieldPath{Text:".spec.replicas" Path:.spec.replicas} Values:[Value{Text:"3"} Value{Text:"2"} Value{Text:"1"} Value{Text:"0" Quoted:true}]}`},
		{"unchanged", "unchanged pod demo/web-b .metadata.uid",
			`ChangeClaim{ClaimBase{Text:"unchanged pod demo/web-b .metadata.uid"} Objects:ObjectSelector{Kind:Word{Text:"pod"} Namespace:"demo" Name:"web-b"} Path:FieldPath{Text:".metadata.uid" Path:.metadata.uid}}`},
		{"changed", "changed node worker-b .spec.taints",
			`ChangeClaim{ClaimBase{Text:"changed node worker-b .spec.taints"} Changed:true Objects:ObjectSelector{Kind:Word{Text:"node"} Name:"worker-b"} Path:FieldPath{Text:".spec.taints" Path:.spec.taints}}`},
		{"no", "no scheduler -> kubelet",
			``},
		{"no pattern", "no * PERSIST deployments demo/web",
			`NoClaim{ClaimBase{Text:"no * PERSIST deployments demo/web"} Pattern:Pattern{Text:"* PERSIST deployments demo/web" Actor:Word{Text:"*"} Verb:PERSIST Resource:ResourcePattern{Text:"deployments" Resource:"deployments"} Object:ObjectPattern{Text:"demo/web" Namespace:"demo" Name:"web" Namespaced:true}}}`},
		{"before", "scheduler CREATE pods/binding demo/* before kubelet/* CRI.StartContainer",
			`BeforeClaim{ClaimBase{Text:"scheduler CREATE pods/binding demo/* before kubelet/* CRI.StartContainer"} First:Pattern{Text:"scheduler CREATE pods/binding demo/*" Actor:Word{Text:"scheduler"} Verb:CREATE Resource:ResourcePattern{Text:"pods/binding" Resource:"pods" Subresource:"binding"} Object:ObjectPattern{Text:"demo/*" Namespace:"demo" Name:"*" Namespaced:true}} Then:Pattern{Text:"kubelet/* CRI.StartContainer" Actor:Word{Text:"kubelet/*"} Verb:CRI.StartContainer}}`},
		{"elapsed", "elapsed fault FAULT -> node-lifecycle-controller UPDATE nodes worker-b in [45s, 55s]",
			`ElapsedClaim{ClaimBase{Text:"elapsed fault FAULT -> node-lifecycle-controller UPDATE nodes worker-b in [45s, 55s]"} From:Pattern{Text:"fault FAULT" Actor:Word{Text:"fault"} Verb:FAULT} To:Pattern{Text:"node-lifecycle-controller UPDATE nodes worker-b" Actor:Word{Text:"node-lifecycle-controller"} Verb:UPDATE Resource:ResourcePattern{Text:"nodes" Resource:"nodes"} Object:ObjectPattern{Text:"worker-b" Name:"worker-b"}} Min:Scalar[time.Duration]{Value:45s} Max:Scalar[time.Duration]{Value:55s}}`},
		{"response code", "response create-web .code == 403",
			`ResponseClaim{ClaimBase{Text:"response create-web .code == 403"} Action:Word{Text:"create-web"} Field:Word{Text:"code"} Op:== Value:Value{Text:"403"}}`},
		{"response reason", "response create-web .reason == Forbidden",
			`ResponseClaim{ClaimBase{Text:"response create-web .reason == Forbidden"} Action:Word{Text:"create-web"} Field:Word{Text:"reason"} Op:== Value:Value{Text:"Forbidden"}}`},
		{"lacks", `response trail .output lacks /"data"/`,
			`ResponseClaim{ClaimBase{Text:"response trail .output lacks /\"data\"/"} Action:Word{Text:"trail"} Field:Word{Text:"output"} Op:lacks Regex:Word{Text:"\"data\""}}`},
		{"response message", `response create-web .message matches /cannot create resource "deployments"/`,
			`ResponseClaim{ClaimBase{Text:"response create-web .message matches /cannot create resource \"deployments\"/"} Action:Word{Text:"create-web"} Field:Word{Text:"message"} Op:matches Regex:Word{Text:"cannot create resource \"deployments\""}}`},
		{"stored", "stored revision unchanged",
			`StoredClaim{ClaimBase{Text:"stored revision unchanged"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ParseClaim(tt.in, diag.Pos{File: "l.md", Line: 7, Col: 9})
			if tt.want == "" {
				if err == nil {
					t.Fatalf("want an error, got %s", show(c))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := show(c); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if c.ClaimText() != tt.in || c.ClaimPos() != (diag.Pos{File: "l.md", Line: 7, Col: 9}) {
				t.Errorf("claim text %q at %v", c.ClaimText(), c.ClaimPos())
			}
		})
	}
}

func TestClaimWordPositions(t *testing.T) {
	c, err := ParseClaim(`pod demo/web-* .spec.nodeName == worker-a after "Bind Pods"`, diag.Pos{File: "l.md", Line: 2, Col: 1})
	if err != nil {
		t.Fatal(err)
	}
	f := c.(*FieldClaim)
	for _, x := range []struct {
		what string
		pos  diag.Pos
		col  int
	}{{"kind", f.Objects.Kind.Pos, 1}, {"path", f.Path.Pos, 16}, {"value", f.Value.Pos, 34}, {"after", f.After.Pos, 43}, {"step", f.After.Step.Pos, 49}} {
		if x.pos.Col != x.col || x.pos.Line != 2 {
			t.Errorf("%s at %v, want column %d", x.what, x.pos, x.col)
		}
	}
}

func TestSelectorPositions(t *testing.T) {
	c, err := ParseClaim("pods demo app=web,tier!=db .status.phase == Running", diag.Pos{File: "l.md", Line: 4, Col: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := c.(*FieldClaim).Objects
	if s.NamePos.Col != 8 || s.Selector.Pos.Col != 13 || s.Selector.Terms[0].Pos.Col != 13 || s.Selector.Terms[1].Pos.Col != 21 {
		t.Errorf("namespace at %v, selector at %v, terms at %v and %v", s.NamePos, s.Selector.Pos, s.Selector.Terms[0].Pos, s.Selector.Terms[1].Pos)
	}
	c, err = ParseClaim("values replicaset demo/web-1 .spec.replicas == [3, 2]", diag.Pos{File: "l.md", Line: 4, Col: 1})
	if err != nil {
		t.Fatal(err)
	}
	v := c.(*ValuesClaim)
	if v.Object.NamePos.Col != 19 || v.Values[0].Pos.Col != 49 || v.Values[1].Pos.Col != 52 {
		t.Errorf("object at %v, values at %v and %v", v.Object.NamePos, v.Values[0].Pos, v.Values[1].Pos)
	}
}

func TestEventsClaim(t *testing.T) {
	c, err := ParseClaim("events alice LIST pods demo <= 2", diag.Pos{File: "l.md", Line: 3, Col: 5})
	if err != nil {
		t.Fatal(err)
	}
	ec, ok := c.(*EventsClaim)
	if !ok || ec.Pattern.Text != "alice LIST pods demo" || ec.Op != Le || ec.N.Value != 2 {
		t.Fatalf("claim = %#v", c)
	}
	for _, bad := range []string{"events alice LIST pods", "events <= 2", "events alice LIST pods demo <= two"} {
		if _, err := ParseClaim(bad, diag.Pos{File: "l.md", Line: 1, Col: 1}); err == nil || !strings.Contains(err.Error(), "l.md:1:") {
			t.Errorf("%q: error %v, want a positioned one", bad, err)
		}
	}
}

func TestCountClaimAfter(t *testing.T) {
	c, err := ParseClaim(`count pods demo app=web == 3 after "Bind Pods"`, diag.Pos{File: "l.md", Line: 1, Col: 1})
	if err != nil {
		t.Fatal(err)
	}
	if cc := c.(*CountClaim); cc.After == nil || cc.After.Step == nil || cc.After.Step.Text != "Bind Pods" {
		t.Errorf("claim = %#v", c)
	}
	body := "id: a\ntitle: A\nsteps:\n  - {title: Apply, expect: alice CREATE pods demo/web}\nclaims:\n  - count pods demo == 1 after \"Aply\"\n"
	if _, err := Parse("scenario", []byte(body), diag.Pos{File: "l.md", Line: 1, Col: 1}); err == nil || !strings.Contains(err.Error(), `l.md:6:32: no step is titled "Aply"; did you mean "Apply"?`) {
		t.Errorf("unknown step: %v", err)
	}
}
