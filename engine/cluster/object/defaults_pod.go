package object

import (
	"math/big"
	"strings"
)

// Defaults for Pods and pod templates, from pkg/apis/core/v1/defaults.go and
// the declarative defaults in staging/src/k8s.io/api/core/v1/types.go
// (+default tags), as applied to v1 objects.

// DefaultPod applies SetDefaults_Pod and SetDefaults_PodSpec. Tolerations
// (DefaultTolerationSeconds), the service account and priority are added by
// admission plugins, not here.
func DefaultPod(o *Object) {
	spec := o.EnsureMap("spec")
	defaultPodSpec(spec)
	// SetDefaults_Pod: requests default to limits, per container, for Pods
	// only (not templates).
	for _, list := range []string{"containers", "initContainers"} {
		for _, c := range listAt(spec, list) {
			cm, ok := c.(map[string]any)
			if !ok {
				continue
			}
			res := mapAt(cm, "resources")
			limits := mapAt(res, "limits")
			if len(limits) == 0 {
				continue
			}
			req := ensureMap(res, "requests")
			for k, v := range limits {
				if _, ok := req[k]; !ok {
					req[k] = v
				}
			}
		}
	}
	// SetDefaults_Pod: enableServiceLinks defaults to true (v1.DefaultEnableServiceLinks).
	setDefault(spec, "enableServiceLinks", true)
	// SetDefaults_Pod: with hostNetwork, hostPort defaults to containerPort.
	if hn, _ := spec["hostNetwork"].(bool); hn {
		for _, list := range []string{"containers", "initContainers"} {
			for _, c := range listAt(spec, list) {
				cm, _ := c.(map[string]any)
				for _, p := range listAt(cm, "ports") {
					pm, _ := p.(map[string]any)
					if hp, _ := asInt(pm["hostPort"]); hp == 0 && pm != nil {
						if cp, ok := pm["containerPort"]; ok {
							pm["hostPort"] = cp
						}
					}
				}
			}
		}
	}
}

// defaultPodTemplate defaults spec.template.spec of a workload.
func defaultPodTemplate(spec map[string]any) {
	tpl := ensureMap(spec, "template")
	defaultPodSpec(ensureMap(tpl, "spec"))
}

// defaultPodSpec applies SetDefaults_PodSpec and the per-container,
// per-volume and per-probe defaults.
func defaultPodSpec(spec map[string]any) {
	setDefault(spec, "dnsPolicy", "ClusterFirst")                // v1.DNSClusterFirst
	setDefault(spec, "restartPolicy", "Always")                  // v1.RestartPolicyAlways
	setDefault(spec, "securityContext", map[string]any{})        // &v1.PodSecurityContext{}
	setDefault(spec, "terminationGracePeriodSeconds", int64(30)) // v1.DefaultTerminationGracePeriodSeconds
	setDefault(spec, "schedulerName", "default-scheduler")       // v1.DefaultSchedulerName
	for _, list := range []string{"containers", "initContainers", "ephemeralContainers"} {
		for _, c := range listAt(spec, list) {
			if cm, ok := c.(map[string]any); ok {
				defaultContainer(cm)
			}
		}
	}
	for _, v := range listAt(spec, "volumes") {
		if vm, ok := v.(map[string]any); ok {
			defaultVolume(vm)
		}
	}
}

// defaultContainer is SetDefaults_Container plus the declarative defaults
// of ContainerPort.protocol, Probe and HTTPGetAction, and the rounding of
// resource quantities to milli precision (SetDefaults_ResourceList), which
// also stores them in canonical form ("0.5" becomes "500m").
func defaultContainer(c map[string]any) {
	if _, ok := c["imagePullPolicy"]; !ok {
		// Always for the tag "latest" (explicit, or implied by no tag),
		// IfNotPresent otherwise (parsers.ParseImageName in
		// pkg/util/parsers/parsers.go implies "latest" without tag or digest).
		if imageTag(stringAt(c, "image")) == "latest" {
			c["imagePullPolicy"] = "Always"
		} else {
			c["imagePullPolicy"] = "IfNotPresent"
		}
	}
	// resources is a non-pointer struct in v1.Container, so a stored
	// container always reads back with "resources: {}".
	setDefault(c, "resources", map[string]any{})
	setDefault(c, "terminationMessagePath", "/dev/termination-log") // v1.TerminationMessagePathDefault
	setDefault(c, "terminationMessagePolicy", "File")               // v1.TerminationMessageReadFile
	for _, p := range listAt(c, "ports") {
		if pm, ok := p.(map[string]any); ok {
			setDefault(pm, "protocol", "TCP") // ContainerPort.Protocol +default="TCP"
		}
	}
	for _, probe := range []string{"livenessProbe", "readinessProbe", "startupProbe"} {
		if pm := mapAt(c, probe); pm != nil {
			defaultProbe(pm)
		}
	}
	res := mapAt(c, "resources")
	for _, kind := range []string{"limits", "requests"} {
		if rl := mapAt(res, kind); rl != nil {
			canonicalizeResourceList(rl)
		}
	}
}

// defaultProbe is SetDefaults_Probe and SetDefaults_HTTPGetAction.
func defaultProbe(p map[string]any) {
	setDefaultNonZero(p, "timeoutSeconds", 1)
	setDefaultNonZero(p, "periodSeconds", 10)
	setDefaultNonZero(p, "successThreshold", 1)
	setDefaultNonZero(p, "failureThreshold", 3)
	if hg := mapAt(p, "httpGet"); hg != nil {
		setDefault(hg, "path", "/")
		setDefault(hg, "scheme", "HTTP")
	}
}

func setDefaultNonZero(m map[string]any, k string, v int64) {
	if n, ok := asInt(m[k]); !ok || n == 0 {
		m[k] = v
	}
}

// defaultVolume is SetDefaults_Volume (no source means emptyDir) and the
// defaultMode of secret, configMap, downwardAPI and projected volumes
// (0644 = 420, v1.SecretVolumeSourceDefaultMode and friends).
func defaultVolume(v map[string]any) {
	hasSource := false
	for k := range v {
		if k != "name" {
			hasSource = true
			break
		}
	}
	if !hasSource {
		v["emptyDir"] = map[string]any{}
	}
	for _, src := range []string{"secret", "configMap", "downwardAPI", "projected"} {
		if sm := mapAt(v, src); sm != nil {
			setDefault(sm, "defaultMode", int64(420))
		}
	}
}

// canonicalizeResourceList rounds quantities up to milli precision and
// writes them canonically; unparsable values are left for validation.
func canonicalizeResourceList(rl map[string]any) {
	for k, v := range rl {
		var text string
		switch t := v.(type) {
		case string:
			text = t
		case int64, float64:
			text, _ = scalarString(t)
		default:
			continue
		}
		q, err := ParseQuantity(text)
		if err != nil {
			continue
		}
		if q.nanos == nil && q.small%1e6 != 0 {
			q = newQuantity(new(big.Int).Mul(big.NewInt(q.milli), bigMilliDiv), q.Format)
		}
		rl[k] = q.String()
	}
}

// imageTag returns the tag of an image reference as parsers.ParseImageName
// does: "latest" when there is neither tag nor digest, "" with a digest and
// no tag.
func imageTag(image string) string {
	ref := image
	digest := false
	if i := strings.IndexByte(ref, '@'); i >= 0 {
		ref, digest = ref[:i], true
	}
	slash := strings.LastIndexByte(ref, '/')
	if colon := strings.LastIndexByte(ref, ':'); colon > slash {
		return ref[colon+1:]
	}
	if digest {
		return ""
	}
	return "latest"
}
