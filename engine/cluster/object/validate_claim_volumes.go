package object

// withClaimVolumes is the template ValidateStatefulSetSpec validates
// (pkg/apis/apps/validation/validation.go): with the
// volumeClaimTemplates' volumes added (volumesToAddForTemplates,
// replacing template volumes of the same name), so that containers may
// mount a claim template by its name.
func withClaimVolumes(tpl, spec map[string]any) map[string]any {
	claims, _ := spec["volumeClaimTemplates"].([]any)
	if len(claims) == 0 || tpl == nil {
		return tpl
	}
	added := map[string]bool{}
	var vols []any
	for _, c := range claims {
		cm, _ := c.(map[string]any)
		name := stringAt(mapAt(cm, "metadata"), "name")
		added[name] = true
		vols = append(vols, map[string]any{"name": name, "persistentVolumeClaim": map[string]any{"claimName": name}})
	}
	ps := mapAt(tpl, "spec")
	old, _ := ps["volumes"].([]any)
	for _, v := range old {
		vm, _ := v.(map[string]any)
		if !added[stringAt(vm, "name")] {
			vols = append(vols, v)
		}
	}
	cs := make(map[string]any, len(ps)+1)
	for k, v := range ps {
		cs[k] = v
	}
	cs["volumes"] = vols
	ct := make(map[string]any, len(tpl))
	for k, v := range tpl {
		ct[k] = v
	}
	ct["spec"] = cs
	return ct
}
