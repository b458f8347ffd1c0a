package csi

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/ctrlloop"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/cluster/volume"
)

// Names and keys of dynamic provisioning.
const (
	// ProvisionerName is the external-provisioner's actor and
	// ServiceAccount.
	ProvisionerName trace.Actor = "csi-provisioner"
	// ZoneLabel is the topology key of volumes and nodes.
	ZoneLabel = "topology.kubernetes.io/zone"
)

// Provisioner is the external-provisioner actor of one driver.
type Provisioner struct {
	env     *env.Env
	token   string
	prov    *Provider
	c       *client.Client
	rec     *record.Recorder
	factory *cache.Factory
	pvcK    *object.KindInfo
	pvK     *object.KindInfo
	claims  *cache.SharedInformer
	classes *cache.SharedInformer
	nodes   *cache.SharedInformer
	pvs     *cache.SharedInformer
	queue   *workqueue.Queue
	loop    *ctrlloop.Loop
	running bool
}

// NewProvisioner returns a stopped provisioner for prov's driver,
// reaching the API with token.
func NewProvisioner(e *env.Env, token string, prov *Provider) *Provisioner {
	return &Provisioner{env: e, token: token, prov: prov}
}

// Name is "csi-provisioner".
func (p *Provisioner) Name() trace.Actor { return ProvisionerName }

// Running reports whether the provisioner runs.
func (p *Provisioner) Running() bool { return p.running }

// Start lists and watches claims, StorageClasses, Nodes and volumes and
// provisions once its caches have synced.
func (p *Provisioner) Start() {
	if p.running {
		return
	}
	p.running = true
	e := p.env
	p.loop = ctrlloop.New(e, ProvisionerName, p.token)
	p.c, p.factory, p.queue = p.loop.Client, p.loop.Factory, p.loop.Queue
	p.rec = record.New(p.c, e.Kinds, p.prov.Driver+"_"+string(ProvisionerName), "")
	p.pvcK, p.pvK = e.Kind("", "PersistentVolumeClaim"), e.Kind("", "PersistentVolume")
	p.claims = p.factory.Informer(p.pvcK)
	p.classes = p.factory.Informer(e.Kind("storage.k8s.io", "StorageClass"))
	p.nodes = p.factory.Informer(e.Kind("", "Node"))
	p.pvs = p.factory.Informer(p.pvK)
	add := func(o *object.Object) { p.queue.Add(o.Key()) }
	_, _ = p.claims.AddEventHandler(cache.ResourceEventHandlerFuncs{AddFunc: add, UpdateFunc: func(_, n *object.Object) { add(n) }})
	p.loop.Run(1, p.provision, workqueue.Options{Actor: ProvisionerName, Log: p.env.Log, Resource: "persistentvolumeclaims"}, nil)
}

// Stop ends the provisioner at once.
func (p *Provisioner) Stop() {
	if !p.running {
		return
	}
	p.running = false
	p.rec.Stop()
	p.loop.Stop()
	p.loop = nil
}

// provision handles one claim (the external-provisioner's
// provisionClaimOperation): when it should be provisioned, create the
// volume, then the PersistentVolume.
func (p *Provisioner) provision(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	pvc, ok := p.claims.Lister().Get(ns, name)
	if !ok || pvc.GetString(".spec.volumeName") != "" || pvc.GetString(".status.phase") != "Pending" {
		return nil
	}
	class, ok := p.classes.Lister().Get("", pvc.GetString(".spec.storageClassName"))
	// shouldProvision's handshake: the PV controller must have handed the
	// claim to this driver (sig-storage-lib-external-provisioner, controller.go).
	if !ok || class.GetString(".provisioner") != p.prov.Driver || volume.ClaimProvisioner(pvc) != p.prov.Driver {
		return nil
	}
	pvName := "pvc-" + pvc.Meta.UID
	if _, ok := p.pvs.Lister().Get("", pvName); ok {
		return nil
	}
	zone := ""
	if volume.WaitsForFirstConsumer(class) {
		node := pvc.Meta.Annotations[volume.AnnSelectedNode]
		if node == "" {
			return nil // wait for a consumer to be scheduled
		}
		if n, ok := p.nodes.Lister().Get("", node); ok {
			zone = n.Meta.Labels[ZoneLabel]
		}
	}
	size := pvc.GetString(".spec.resources.requests.storage")
	q, _ := object.ParseQuantity(size)
	p.rec.Eventf(pvc, record.Normal, "Provisioning", "External provisioner is provisioning volume for claim %q", key)
	vol, err := p.prov.CreateVolume(ProvisionerName, name, ns, pvName, q.Value(), zone)
	if err != nil {
		p.rec.Eventf(pvc, record.Warning, "ProvisioningFailed", "failed to provision volume with StorageClass %q: %v", class.Meta.Name, err)
		return err
	}
	if _, err := p.c.Create(p.pvK, newVolume(pvc, class, vol, p.prov.Driver, size), api.WriteOptions{}); err != nil && !api.IsReason(err, api.ReasonAlreadyExists) {
		return err
	}
	p.rec.Eventf(pvc, record.Normal, "ProvisioningSucceeded", "Successfully provisioned volume %s", pvName)
	return nil
}

// newVolume is the PersistentVolume of a provisioned volume.
func newVolume(pvc, class *object.Object, vol Volume, driver, size string) *object.Object {
	pv := object.New("v1", "PersistentVolume")
	pv.Meta.Name = vol.Name
	pv.Meta.Annotations = map[string]string{volume.AnnDynamicallyProvisioned: driver}
	pv.Meta.Finalizers = []string{"external-provisioner.volume.kubernetes.io/finalizer"}
	reclaim := class.GetString(".reclaimPolicy")
	if reclaim == "" {
		reclaim = "Delete"
	}
	spec := map[string]any{
		"capacity":                      map[string]any{"storage": size},
		"accessModes":                   object.DeepCopyValue(pvc.Spec()["accessModes"]),
		"persistentVolumeReclaimPolicy": reclaim,
		"storageClassName":              class.Meta.Name,
		"volumeMode":                    "Filesystem",
		"csi":                           map[string]any{"driver": driver, "volumeHandle": vol.ID, "fsType": "ext4"},
		"claimRef": map[string]any{"kind": "PersistentVolumeClaim", "namespace": pvc.Meta.Namespace, "name": pvc.Meta.Name,
			"uid": pvc.Meta.UID, "apiVersion": "v1", "resourceVersion": pvc.Meta.ResourceVersion},
	}
	if vol.Zone != "" {
		spec["nodeAffinity"] = map[string]any{"required": map[string]any{"nodeSelectorTerms": []any{
			map[string]any{"matchExpressions": []any{map[string]any{"key": ZoneLabel, "operator": "In", "values": []any{vol.Zone}}}},
		}}}
	}
	pv.Content["spec"] = spec
	return pv
}
