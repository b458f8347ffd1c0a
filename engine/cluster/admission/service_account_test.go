package admission

import (
	"reflect"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func fixedName(base string) string { return base + "x2kqp" }

func ctr(name string, extra ...any) map[string]any {
	m := map[string]any{"name": name, "image": "nginx"}
	for i := 0; i+1 < len(extra); i += 2 {
		m[extra[i].(string)] = extra[i+1]
	}
	return m
}

func TestServiceAccountAdmit(t *testing.T) {
	mount := map[string]any{"name": "kube-api-access-x2kqp", "readOnly": true, "mountPath": DefaultAPITokenMountPath}
	tests := []struct {
		name    string
		spec    map[string]any
		account func(sa *object.Object)
		check   func(t *testing.T, spec map[string]any)
	}{
		{"defaults the account and mounts the token",
			nil, nil,
			func(t *testing.T, spec map[string]any) {
				if spec["serviceAccountName"] != "default" {
					t.Errorf("serviceAccountName = %v", spec["serviceAccountName"])
				}
				vols := listOf(spec["volumes"])
				if len(vols) != 1 || !reflect.DeepEqual(vols[0], map[string]any{"name": "kube-api-access-x2kqp", "projected": tokenVolumeSource()}) {
					t.Errorf("volumes = %v", vols)
				}
				src := listOf(mapOf(mapOf(vols[0])["projected"])["sources"])
				if tok := mapOf(mapOf(src[0])["serviceAccountToken"]); tok["expirationSeconds"] != int64(3607) || tok["path"] != "token" || tok["audience"] != nil {
					t.Errorf("token projection = %v", tok)
				}
				if mapOf(mapOf(vols[0])["projected"])["defaultMode"] != int64(420) {
					t.Error("defaultMode is not 0644")
				}
				mounts := listOf(mapOf(listOf(spec["containers"])[0])["volumeMounts"])
				if !reflect.DeepEqual(mounts, []any{mount}) {
					t.Errorf("mounts = %v", mounts)
				}
			}},
		{"mounts in init containers and every container",
			map[string]any{
				"initContainers": []any{ctr("init")},
				"containers": []any{ctr("web", "volumeMounts", []any{map[string]any{"name": "data", "mountPath": "/data"}}),
					ctr("sidecar")},
				"volumes": []any{map[string]any{"name": "data", "emptyDir": map[string]any{}}},
			}, nil,
			func(t *testing.T, spec map[string]any) {
				for _, f := range []string{"initContainers", "containers"} {
					for _, c := range listOf(spec[f]) {
						if !hasMountAt(mapOf(c), DefaultAPITokenMountPath) {
							t.Errorf("%s %v has no token mount", f, mapOf(c)["name"])
						}
					}
				}
				if n := len(listOf(spec["volumes"])); n != 2 {
					t.Errorf("%d volumes", n)
				}
			}},
		{"keeps a container's own mount at the path",
			map[string]any{"containers": []any{ctr("web", "volumeMounts", []any{map[string]any{"name": "mine", "mountPath": DefaultAPITokenMountPath}})}},
			nil,
			func(t *testing.T, spec map[string]any) {
				if _, ok := spec["volumes"]; ok {
					t.Errorf("added a volume no container mounts: %v", spec["volumes"])
				}
			}},
		{"reuses an existing kube-api-access volume",
			map[string]any{"containers": []any{ctr("web")},
				"volumes": []any{map[string]any{"name": "kube-api-access-abcde", "emptyDir": map[string]any{}}}},
			nil,
			func(t *testing.T, spec map[string]any) {
				if n := len(listOf(spec["volumes"])); n != 1 {
					t.Errorf("%d volumes", n)
				}
				m := listOf(mapOf(listOf(spec["containers"])[0])["volumeMounts"])
				if mapOf(m[0])["name"] != "kube-api-access-abcde" {
					t.Errorf("mount = %v", m)
				}
			}},
		{"pod opts out of automount",
			map[string]any{"containers": []any{ctr("web")}, "automountServiceAccountToken": false}, nil,
			func(t *testing.T, spec map[string]any) {
				if _, ok := spec["volumes"]; ok {
					t.Error("mounted the token")
				}
			}},
		{"account opts out of automount",
			nil, func(sa *object.Object) { sa.Content["automountServiceAccountToken"] = false },
			func(t *testing.T, spec map[string]any) {
				if _, ok := spec["volumes"]; ok {
					t.Error("mounted the token")
				}
			}},
		{"pod's preference wins over the account's",
			map[string]any{"containers": []any{ctr("web")}, "automountServiceAccountToken": true},
			func(sa *object.Object) { sa.Content["automountServiceAccountToken"] = false },
			func(t *testing.T, spec map[string]any) {
				if _, ok := spec["volumes"]; !ok {
					t.Error("did not mount the token")
				}
			}},
		{"copies the account's imagePullSecrets",
			nil, func(sa *object.Object) { sa.Content["imagePullSecrets"] = []any{map[string]any{"name": "regcred"}} },
			func(t *testing.T, spec map[string]any) {
				if !reflect.DeepEqual(spec["imagePullSecrets"], []any{map[string]any{"name": "regcred"}}) {
					t.Errorf("imagePullSecrets = %v", spec["imagePullSecrets"])
				}
			}},
		{"keeps the pod's own imagePullSecrets",
			map[string]any{"containers": []any{ctr("web")}, "imagePullSecrets": []any{map[string]any{"name": "mine"}}},
			func(sa *object.Object) { sa.Content["imagePullSecrets"] = []any{map[string]any{"name": "regcred"}} },
			func(t *testing.T, spec map[string]any) {
				if !reflect.DeepEqual(spec["imagePullSecrets"], []any{map[string]any{"name": "mine"}}) {
					t.Errorf("imagePullSecrets = %v", spec["imagePullSecrets"])
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			if tt.account != nil {
				tt.account(c.accounts["demo/default"])
			}
			p := NewServiceAccount(c.deps().ServiceAccounts, fixedName)
			a := c.podCreate(t, "demo", "web", tt.spec)
			before := a.Object.DeepCopy()
			var ch trace.Change
			if st := p.AdmitChanges(a, &ch); st != nil {
				t.Fatalf("rejected: %s", st.Message)
			}
			tt.check(t, a.Object.Spec())
			// The reported changes are what a diff of the object shows.
			if want := diffChanges(before, a.Object); !sameChanges(ch, want) {
				t.Errorf("reported %+v\ndiff shows %+v", ch, want)
			}
		})
	}
}

func TestServiceAccountRejects(t *testing.T) {
	mirror := func(a *api.AdmissionAttributes) *api.AdmissionAttributes {
		a.Object.Meta.Annotations = map[string]string{MirrorPodAnnotationKey: "x"}
		return a
	}
	c := newCluster(t)
	tests := []struct {
		name string
		a    *api.AdmissionAttributes
		msg  string
	}{
		{"missing default account", c.podCreate(t, "other", "web", nil),
			`pods "web" is forbidden: error looking up service account other/default: serviceaccount "default" not found`},
		{"missing named account", c.podCreate(t, "demo", "web", map[string]any{"serviceAccountName": "builder", "containers": []any{ctr("web")}}),
			`pods "web" is forbidden: error looking up service account demo/builder: serviceaccount "builder" not found`},
		{"mirror pod with an account", mirror(c.podCreate(t, "demo", "web", map[string]any{"serviceAccountName": "default", "containers": []any{ctr("web")}})),
			`pods "web" is forbidden: a mirror pod may not reference service accounts`},
		{"mirror pod with a secret volume", mirror(c.podCreate(t, "demo", "web", map[string]any{"containers": []any{ctr("web")},
			"volumes": []any{map[string]any{"name": "s", "secret": map[string]any{"secretName": "x"}}}})),
			`pods "web" is forbidden: a mirror pod may not reference secrets`},
		{"mirror pod with a token projection", mirror(c.podCreate(t, "demo", "web", map[string]any{"containers": []any{ctr("web")},
			"volumes": []any{map[string]any{"name": "t", "projected": map[string]any{"sources": []any{map[string]any{"serviceAccountToken": map[string]any{"path": "t"}}}}}}})),
			`pods "web" is forbidden: a mirror pod may not use ServiceAccountToken volume projections`},
	}
	c.addNamespace("other", nil, "Active")
	p := NewServiceAccount(c.deps().ServiceAccounts, fixedName)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := p.Admit(tt.a)
			if st == nil || st.Code != 403 || st.Reason != api.ReasonForbidden || st.Message != tt.msg {
				t.Fatalf("got %s\nwant 403 %s", statusString(st), tt.msg)
			}
		})
	}
	t.Run("mirror pod without references passes untouched", func(t *testing.T) {
		a := mirror(c.podCreate(t, "demo", "web", nil))
		if st := p.Admit(a); st != nil {
			t.Fatal(st)
		}
		if _, ok := a.Object.Spec()["serviceAccountName"]; ok {
			t.Error("mirror pod got an account")
		}
	})
	t.Run("validate without an account", func(t *testing.T) {
		st := p.Validate(c.podCreate(t, "demo", "web", nil))
		if st == nil || st.Message != `pods "web" is forbidden: no service account specified for pod demo/web` {
			t.Fatalf("got %s", statusString(st))
		}
	})
}

func TestServiceAccountIgnores(t *testing.T) {
	c := newCluster(t)
	p := NewServiceAccount(c.deps().ServiceAccounts, fixedName)
	update := c.podCreate(t, "other", "web", nil)
	update.Operation = api.OpUpdate
	status := c.podCreate(t, "other", "web", nil)
	status.Subresource = "status"
	deploy := c.attrs(t, api.OpCreate, "apps", "deployments", "other", "web", object.New("apps/v1", "Deployment"), nil)
	for name, a := range map[string]*api.AdmissionAttributes{"update": update, "status": status, "deployment": deploy} {
		if st := p.Admit(a); st != nil {
			t.Errorf("%s: %v", name, st)
		}
		if strings.Contains(string(object.EncodeJSON(a.Object, object.OrderKubernetes)), "kube-api-access") {
			t.Errorf("%s: mounted a token", name)
		}
	}
}

func TestServiceAccountNamesFromSeed(t *testing.T) {
	name := func() string {
		c := newCluster(t)
		a := c.podCreate(t, "demo", "web", nil)
		c.chain().Mutate(a)
		return strOf(mapOf(listOf(a.Object.Spec()["volumes"])[0])["name"])
	}
	n1, n2 := name(), name()
	if n1 != n2 || !strings.HasPrefix(n1, "kube-api-access-") || len(n1) != len("kube-api-access-")+5 {
		t.Fatalf("names %q %q", n1, n2)
	}
	for _, r := range n1[len("kube-api-access-"):] {
		if !strings.ContainsRune("bcdfghjklmnpqrstvwxz2456789", r) {
			t.Errorf("%q is not from the generateName alphabet", r)
		}
	}
}
