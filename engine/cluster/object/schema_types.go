package object

// Typed schemas of the kinds users write by hand, after the Go types of
// k8s.io/api v0.37 (core/v1, apps/v1, autoscaling/v2, coordination/v1) and
// k8s.io/apimachinery (meta/v1). Structs marked open are typed partly: their
// unlisted fields are accepted rather than reported unknown. These values
// are built once and never modified.

var (
	sString      = &Schema{Type: TypeString}
	sBool        = &Schema{Type: TypeBool}
	sInt32       = &Schema{Type: TypeInt32}
	sInt64       = &Schema{Type: TypeInt64}
	sAny         = &Schema{Type: TypeAny}
	sBytes       = &Schema{Type: TypeBytes}
	sIntOrString = &Schema{Type: TypeIntOrString}
	sQuantity    = &Schema{Type: TypeQuantity}
	sTime        = &Schema{Type: TypeTime}
	sMicroTime   = &Schema{Type: TypeMicroTime}
	sStrings     = sliceOf(sString)
	sStringMap   = mapOf(sString)
	sResources   = mapOf(sQuantity)
)

type fields = map[string]*Schema

func structOf(name string, f fields) *Schema {
	return &Schema{Type: TypeStruct, GoName: name, Pkg: "v1", Fields: f}
}

func openStruct(name string, f fields) *Schema {
	s := structOf(name, f)
	s.Open = true
	return s
}

// inPkg sets the Go package name of a struct schema ("v2" for
// autoscaling/v2 types).
func inPkg(pkg string, s *Schema) *Schema {
	s.Pkg = pkg
	return s
}

func sliceOf(e *Schema) *Schema { return &Schema{Type: TypeSlice, Elem: e} }
func mapOf(e *Schema) *Schema   { return &Schema{Type: TypeMap, Elem: e} }

// topLevel adds apiVersion, kind and metadata to a kind's fields.
func topLevel(name string, f fields) *Schema {
	f["apiVersion"] = sString
	f["kind"] = sString
	f["metadata"] = objectMetaSchema
	return structOf(name, f)
}

var objectMetaSchema = structOf("ObjectMeta", fields{
	"name": sString, "generateName": sString, "namespace": sString, "selfLink": sString,
	"uid": sString, "resourceVersion": sString, "generation": sInt64,
	"creationTimestamp": sTime, "deletionTimestamp": sTime, "deletionGracePeriodSeconds": sInt64,
	"labels": sStringMap, "annotations": sStringMap,
	"ownerReferences": sliceOf(structOf("OwnerReference", fields{
		"apiVersion": sString, "kind": sString, "name": sString, "uid": sString,
		"controller": sBool, "blockOwnerDeletion": sBool,
	})),
	"finalizers":    sStrings,
	"managedFields": sliceOf(openStruct("ManagedFieldsEntry", fields{})),
})

var labelSelectorSchema = structOf("LabelSelector", fields{
	"matchLabels": sStringMap,
	"matchExpressions": sliceOf(structOf("LabelSelectorRequirement", fields{
		"key": sString, "operator": sString, "values": sStrings,
	})),
})

var localObjectReference = structOf("LocalObjectReference", fields{"name": sString})

var containerPortSchema = structOf("ContainerPort", fields{
	"name": sString, "hostPort": sInt32, "containerPort": sInt32, "protocol": sString, "hostIP": sString,
})

var envVarSchema = structOf("EnvVar", fields{
	"name": sString, "value": sString,
	"valueFrom": openStruct("EnvVarSource", fields{
		"fieldRef":         openStruct("ObjectFieldSelector", fields{"apiVersion": sString, "fieldPath": sString}),
		"resourceFieldRef": openStruct("ResourceFieldSelector", fields{"containerName": sString, "resource": sString, "divisor": sQuantity}),
		"configMapKeyRef":  structOf("ConfigMapKeySelector", fields{"name": sString, "key": sString, "optional": sBool}),
		"secretKeyRef":     structOf("SecretKeySelector", fields{"name": sString, "key": sString, "optional": sBool}),
	}),
})

var envFromSchema = structOf("EnvFromSource", fields{
	"prefix":       sString,
	"configMapRef": structOf("ConfigMapEnvSource", fields{"name": sString, "optional": sBool}),
	"secretRef":    structOf("SecretEnvSource", fields{"name": sString, "optional": sBool}),
})

var resourceRequirementsSchema = structOf("ResourceRequirements", fields{
	"limits": sResources, "requests": sResources,
	"claims": sliceOf(openStruct("ResourceClaim", fields{"name": sString, "request": sString})),
})

var probeSchema = structOf("Probe", fields{
	"exec": structOf("ExecAction", fields{"command": sStrings}),
	"httpGet": structOf("HTTPGetAction", fields{
		"path": sString, "port": sIntOrString, "host": sString, "scheme": sString,
		"httpHeaders": sliceOf(structOf("HTTPHeader", fields{"name": sString, "value": sString})),
	}),
	"tcpSocket":                     structOf("TCPSocketAction", fields{"port": sIntOrString, "host": sString}),
	"grpc":                          structOf("GRPCAction", fields{"port": sInt32, "service": sString}),
	"initialDelaySeconds":           sInt32,
	"timeoutSeconds":                sInt32,
	"periodSeconds":                 sInt32,
	"successThreshold":              sInt32,
	"failureThreshold":              sInt32,
	"terminationGracePeriodSeconds": sInt64,
})

var volumeMountSchema = structOf("VolumeMount", fields{
	"name": sString, "readOnly": sBool, "recursiveReadOnly": sString, "mountPath": sString,
	"subPath": sString, "mountPropagation": sString, "subPathExpr": sString,
})

var containerSchema = structOf("Container", fields{
	"name": sString, "image": sString, "command": sStrings, "args": sStrings, "workingDir": sString,
	"ports": sliceOf(containerPortSchema), "envFrom": sliceOf(envFromSchema), "env": sliceOf(envVarSchema),
	"resources":          resourceRequirementsSchema,
	"resizePolicy":       sliceOf(structOf("ContainerResizePolicy", fields{"resourceName": sString, "restartPolicy": sString})),
	"restartPolicy":      sString,
	"restartPolicyRules": sliceOf(openStruct("ContainerRestartRule", fields{})),
	"volumeMounts":       sliceOf(volumeMountSchema),
	"volumeDevices":      sliceOf(structOf("VolumeDevice", fields{"name": sString, "devicePath": sString})),
	"livenessProbe":      probeSchema, "readinessProbe": probeSchema, "startupProbe": probeSchema,
	"lifecycle":                openStruct("Lifecycle", fields{}),
	"terminationMessagePath":   sString,
	"terminationMessagePolicy": sString,
	"imagePullPolicy":          sString,
	"securityContext":          openStruct("SecurityContext", fields{"privileged": sBool, "runAsUser": sInt64, "runAsNonRoot": sBool, "readOnlyRootFilesystem": sBool, "allowPrivilegeEscalation": sBool}),
	"stdin":                    sBool, "stdinOnce": sBool, "tty": sBool,
})

var volumeSchema = openStruct("Volume", fields{
	"name":                  sString,
	"emptyDir":              openStruct("EmptyDirVolumeSource", fields{"medium": sString, "sizeLimit": sQuantity}),
	"configMap":             openStruct("ConfigMapVolumeSource", fields{"name": sString, "defaultMode": sInt32, "optional": sBool}),
	"secret":                openStruct("SecretVolumeSource", fields{"secretName": sString, "defaultMode": sInt32, "optional": sBool}),
	"persistentVolumeClaim": structOf("PersistentVolumeClaimVolumeSource", fields{"claimName": sString, "readOnly": sBool}),
	"hostPath":              structOf("HostPathVolumeSource", fields{"path": sString, "type": sString}),
	"projected":             openStruct("ProjectedVolumeSource", fields{"defaultMode": sInt32}),
	"downwardAPI":           openStruct("DownwardAPIVolumeSource", fields{"defaultMode": sInt32}),
})

var tolerationSchema = structOf("Toleration", fields{
	"key": sString, "operator": sString, "value": sString, "effect": sString, "tolerationSeconds": sInt64,
})

var nodeSelectorRequirementSchema = structOf("NodeSelectorRequirement", fields{"key": sString, "operator": sString, "values": sStrings})

var nodeSelectorTermSchema = structOf("NodeSelectorTerm", fields{
	"matchExpressions": sliceOf(nodeSelectorRequirementSchema),
	"matchFields":      sliceOf(nodeSelectorRequirementSchema),
})

var affinitySchema = structOf("Affinity", fields{
	"nodeAffinity": openStruct("NodeAffinity", fields{
		"requiredDuringSchedulingIgnoredDuringExecution": structOf("NodeSelector", fields{
			"nodeSelectorTerms": sliceOf(nodeSelectorTermSchema),
		}),
	}),
	"podAffinity":     openStruct("PodAffinity", fields{}),
	"podAntiAffinity": openStruct("PodAntiAffinity", fields{}),
})

// podSpecSchema lists every PodSpec field of v1.37 (closed), so that a typo
// such as "container:" is an unknown field.
var podSpecSchema = structOf("PodSpec", fields{
	"volumes":                       sliceOf(volumeSchema),
	"initContainers":                sliceOf(containerSchema),
	"containers":                    sliceOf(containerSchema),
	"ephemeralContainers":           sliceOf(openStruct("EphemeralContainer", fields{})),
	"restartPolicy":                 sString,
	"terminationGracePeriodSeconds": sInt64,
	"activeDeadlineSeconds":         sInt64,
	"dnsPolicy":                     sString,
	"nodeSelector":                  sStringMap,
	"serviceAccountName":            sString,
	"serviceAccount":                sString,
	"automountServiceAccountToken":  sBool,
	"nodeName":                      sString,
	"hostNetwork":                   sBool,
	"hostPID":                       sBool,
	"hostIPC":                       sBool,
	"shareProcessNamespace":         sBool,
	"securityContext":               openStruct("PodSecurityContext", fields{"runAsUser": sInt64, "runAsGroup": sInt64, "runAsNonRoot": sBool, "fsGroup": sInt64}),
	"imagePullSecrets":              sliceOf(localObjectReference),
	"hostname":                      sString,
	"subdomain":                     sString,
	"affinity":                      affinitySchema,
	"schedulerName":                 sString,
	"tolerations":                   sliceOf(tolerationSchema),
	"hostAliases":                   sliceOf(structOf("HostAlias", fields{"ip": sString, "hostnames": sStrings})),
	"priorityClassName":             sString,
	"priority":                      sInt32,
	"dnsConfig":                     openStruct("PodDNSConfig", fields{}),
	"readinessGates":                sliceOf(structOf("PodReadinessGate", fields{"conditionType": sString})),
	"runtimeClassName":              sString,
	"enableServiceLinks":            sBool,
	"preemptionPolicy":              sString,
	"overhead":                      sResources,
	"topologySpreadConstraints":     sliceOf(openStruct("TopologySpreadConstraint", fields{"maxSkew": sInt32, "topologyKey": sString, "whenUnsatisfiable": sString, "labelSelector": labelSelectorSchema})),
	"setHostnameAsFQDN":             sBool,
	"os":                            structOf("PodOS", fields{"name": sString}),
	"hostUsers":                     sBool,
	"schedulingGates":               sliceOf(structOf("PodSchedulingGate", fields{"name": sString})),
	"resourceClaims":                sliceOf(openStruct("PodResourceClaim", fields{})),
	"resources":                     resourceRequirementsSchema,
	"hostnameOverride":              sString,
	"workloadRef":                   openStruct("WorkloadReference", fields{}),
})

var podTemplateSpecSchema = structOf("PodTemplateSpec", fields{"metadata": objectMetaSchema, "spec": podSpecSchema})

var podSchema = topLevel("Pod", fields{"spec": podSpecSchema, "status": sAny})

var deploymentSchema = topLevel("Deployment", fields{
	"spec": structOf("DeploymentSpec", fields{
		"replicas": sInt32, "selector": labelSelectorSchema, "template": podTemplateSpecSchema,
		"strategy": structOf("DeploymentStrategy", fields{
			"type": sString,
			"rollingUpdate": structOf("RollingUpdateDeployment", fields{
				"maxUnavailable": sIntOrString, "maxSurge": sIntOrString,
			}),
		}),
		"minReadySeconds": sInt32, "revisionHistoryLimit": sInt32, "paused": sBool,
		"progressDeadlineSeconds": sInt32, "podReplacementPolicy": sString,
	}),
	"status": sAny,
})

var replicaSetSchema = topLevel("ReplicaSet", fields{
	"spec": structOf("ReplicaSetSpec", fields{
		"replicas": sInt32, "minReadySeconds": sInt32, "selector": labelSelectorSchema, "template": podTemplateSpecSchema,
	}),
	"status": sAny,
})

var pvcSpecSchema = structOf("PersistentVolumeClaimSpec", fields{
	"accessModes": sStrings, "selector": labelSelectorSchema,
	"resources":                 structOf("VolumeResourceRequirements", fields{"limits": sResources, "requests": sResources}),
	"volumeName":                sString,
	"storageClassName":          sString,
	"volumeMode":                sString,
	"dataSource":                openStruct("TypedLocalObjectReference", fields{}),
	"dataSourceRef":             openStruct("TypedObjectReference", fields{}),
	"volumeAttributesClassName": sString,
})

var pvcSchema = topLevel("PersistentVolumeClaim", fields{"spec": pvcSpecSchema, "status": sAny})

var statefulSetSchema = topLevel("StatefulSet", fields{
	"spec": structOf("StatefulSetSpec", fields{
		"replicas": sInt32, "selector": labelSelectorSchema, "template": podTemplateSpecSchema,
		"volumeClaimTemplates": sliceOf(structOf("PersistentVolumeClaim", fields{
			"apiVersion": sString, "kind": sString, "metadata": objectMetaSchema, "spec": pvcSpecSchema, "status": sAny,
		})),
		"serviceName": sString, "podManagementPolicy": sString,
		"updateStrategy": structOf("StatefulSetUpdateStrategy", fields{
			"type": sString,
			"rollingUpdate": structOf("RollingUpdateStatefulSetStrategy", fields{
				"partition": sInt32, "maxUnavailable": sIntOrString,
			}),
		}),
		"revisionHistoryLimit": sInt32, "minReadySeconds": sInt32,
		"persistentVolumeClaimRetentionPolicy": structOf("StatefulSetPersistentVolumeClaimRetentionPolicy", fields{
			"whenDeleted": sString, "whenScaled": sString,
		}),
		"ordinals": structOf("StatefulSetOrdinals", fields{"start": sInt32}),
	}),
	"status": sAny,
})

var serviceSchema = topLevel("Service", fields{
	"spec": structOf("ServiceSpec", fields{
		"ports": sliceOf(structOf("ServicePort", fields{
			"name": sString, "protocol": sString, "appProtocol": sString,
			"port": sInt32, "targetPort": sIntOrString, "nodePort": sInt32,
		})),
		"selector": sStringMap, "clusterIP": sString, "clusterIPs": sStrings, "type": sString,
		"externalIPs": sStrings, "sessionAffinity": sString, "loadBalancerIP": sString,
		"loadBalancerSourceRanges": sStrings, "externalName": sString, "externalTrafficPolicy": sString,
		"healthCheckNodePort": sInt32, "publishNotReadyAddresses": sBool,
		"sessionAffinityConfig": structOf("SessionAffinityConfig", fields{
			"clientIP": structOf("ClientIPConfig", fields{"timeoutSeconds": sInt32}),
		}),
		"ipFamilies": sStrings, "ipFamilyPolicy": sString, "allocateLoadBalancerNodePorts": sBool,
		"loadBalancerClass": sString, "internalTrafficPolicy": sString, "trafficDistribution": sString,
	}),
	"status": sAny,
})

var configMapSchema = topLevel("ConfigMap", fields{
	"immutable": sBool, "data": sStringMap, "binaryData": mapOf(sBytes),
})

var secretSchema = topLevel("Secret", fields{
	"immutable": sBool, "data": mapOf(sBytes), "stringData": sStringMap, "type": sString,
})

var namespaceSchema = topLevel("Namespace", fields{
	"spec":   structOf("NamespaceSpec", fields{"finalizers": sStrings}),
	"status": sAny,
})

var serviceAccountSchema = topLevel("ServiceAccount", fields{
	"secrets":                      sliceOf(openStruct("ObjectReference", fields{"name": sString, "namespace": sString})),
	"imagePullSecrets":             sliceOf(localObjectReference),
	"automountServiceAccountToken": sBool,
})

var leaseSchema = topLevel("Lease", fields{
	"spec": structOf("LeaseSpec", fields{
		"holderIdentity": sString, "leaseDurationSeconds": sInt32,
		"acquireTime": sMicroTime, "renewTime": sMicroTime, "leaseTransitions": sInt32,
		"strategy": sString, "preferredHolder": sString,
	}),
})

var hpaSchema = inPkg("v2", topLevel("HorizontalPodAutoscaler", fields{
	"spec": inPkg("v2", structOf("HorizontalPodAutoscalerSpec", fields{
		"scaleTargetRef": structOf("CrossVersionObjectReference", fields{"kind": sString, "name": sString, "apiVersion": sString}),
		"minReplicas":    sInt32, "maxReplicas": sInt32,
		"metrics":  sliceOf(openStruct("MetricSpec", fields{"type": sString})),
		"behavior": openStruct("HorizontalPodAutoscalerBehavior", fields{}),
	})),
	"status": sAny,
}))

// jobSchema is batch/v1 Job: the spec fields the model reads typed, the
// policies (podFailurePolicy, successPolicy) left open.
var jobSchema = topLevel("Job", fields{
	"spec": inPkg("v1", openStruct("JobSpec", fields{
		"parallelism": sInt32, "completions": sInt32, "activeDeadlineSeconds": sInt64,
		"backoffLimit": sInt32, "backoffLimitPerIndex": sInt32, "maxFailedIndexes": sInt32,
		"selector": labelSelectorSchema, "manualSelector": sBool, "template": podTemplateSpecSchema,
		"ttlSecondsAfterFinished": sInt32, "completionMode": sString, "suspend": sBool,
		"podReplacementPolicy": sString, "managedBy": sString,
	})),
	"status": sAny,
})

// cronJobSchema is batch/v1 CronJob.
var cronJobSchema = topLevel("CronJob", fields{
	"spec": inPkg("v1", structOf("CronJobSpec", fields{
		"schedule": sString, "timeZone": sString, "startingDeadlineSeconds": sInt64,
		"concurrencyPolicy": sString, "suspend": sBool,
		"jobTemplate": inPkg("v1", structOf("JobTemplateSpec", fields{
			"metadata": objectMetaSchema, "spec": jobSchema.Fields["spec"],
		})),
		"successfulJobsHistoryLimit": sInt32, "failedJobsHistoryLimit": sInt32,
	})),
	"status": sAny,
})

var daemonSetSchema = topLevel("DaemonSet", fields{
	"spec": structOf("DaemonSetSpec", fields{
		"selector": labelSelectorSchema, "template": podTemplateSpecSchema,
		"updateStrategy": structOf("DaemonSetUpdateStrategy", fields{
			"type": sString,
			"rollingUpdate": structOf("RollingUpdateDaemonSet", fields{
				"maxUnavailable": sIntOrString, "maxSurge": sIntOrString,
			}),
		}),
		"minReadySeconds": sInt32, "revisionHistoryLimit": sInt32,
	}),
	"status": sAny,
})

var resourceQuotaSchema = topLevel("ResourceQuota", fields{
	"spec": structOf("ResourceQuotaSpec", fields{
		"hard": sResources, "scopes": sStrings, "scopeSelector": sAny,
	}),
	"status": sAny,
})

var limitRangeSchema = topLevel("LimitRange", fields{
	"spec": structOf("LimitRangeSpec", fields{
		"limits": sliceOf(structOf("LimitRangeItem", fields{
			"type": sString, "max": sResources, "min": sResources, "default": sResources,
			"defaultRequest": sResources, "maxLimitRequestRatio": sResources,
		})),
	}),
})
