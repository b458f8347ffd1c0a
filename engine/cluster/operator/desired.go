package operator

import "github.com/loopbook/loopbook/engine/cluster/object"

// labels select one DatabaseCluster's Pods.
func labels(db *object.Object) map[string]any {
	return map[string]any{labelName: appName, labelInstance: db.Meta.Name}
}

// owned returns a dependent of db called like it, with a controller
// reference to it.
func owned(db *object.Object, apiVersion, kind string) *object.Object {
	o := object.New(apiVersion, kind)
	o.Meta.Name, o.Meta.Namespace = db.Meta.Name, db.Meta.Namespace
	o.Meta.Labels = map[string]string{labelName: appName, labelInstance: db.Meta.Name, labelManagedBy: string(Name)}
	o.Meta.OwnerReferences = []object.OwnerReference{object.NewControllerRef(db, db.APIVersion, Kind)}
	return o
}

// desiredService is the headless Service that gives the replicas their
// stable DNS names (NAME-0.NAME.NS.svc).
func desiredService(db *object.Object) *object.Object {
	s := owned(db, "v1", "Service")
	s.Content["spec"] = map[string]any{
		"clusterIP": "None",
		"selector":  labels(db),
		"ports":     []any{map[string]any{"name": "postgres", "port": int64(Port), "protocol": "TCP"}},
	}
	return s
}

// desiredStatefulSet is the StatefulSet the DatabaseCluster asks for.
func desiredStatefulSet(db *object.Object) *object.Object {
	s := owned(db, "apps/v1", "StatefulSet")
	image := db.GetString(".spec.image")
	if image == "" {
		image = DefaultImage
	}
	storage := db.GetString(".spec.storage")
	if storage == "" {
		storage = DefaultStorage
	}
	claim := map[string]any{
		"accessModes": []any{"ReadWriteOnce"},
		"resources":   map[string]any{"requests": map[string]any{"storage": storage}},
	}
	if sc := db.GetString(".spec.storageClassName"); sc != "" {
		claim["storageClassName"] = sc
	}
	s.Content["spec"] = map[string]any{
		"replicas":    db.GetInt(".spec.replicas", 1),
		"serviceName": db.Meta.Name,
		"selector":    map[string]any{"matchLabels": labels(db)},
		"template": map[string]any{
			"metadata": map[string]any{"labels": labels(db)},
			"spec": map[string]any{"containers": []any{map[string]any{
				"name": appName, "image": image,
				"ports":        []any{map[string]any{"name": "postgres", "containerPort": int64(Port)}},
				"volumeMounts": []any{map[string]any{"name": claimTemplateName, "mountPath": "/var/lib/postgresql/data"}},
			}}},
		},
		"volumeClaimTemplates": []any{map[string]any{"metadata": map[string]any{"name": claimTemplateName}, "spec": claim}},
	}
	return s
}
