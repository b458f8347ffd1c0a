package cluster

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/webhookserver"
)

// Extension actors are opt-in: each is built only when the fixture's
// objects ask for it, so a fixture without them runs exactly as before.
//
//	webhook servers   a MutatingWebhookConfiguration or
//	                  ValidatingWebhookConfiguration among the objects: one
//	                  server per Service (actor "NAME.NAMESPACE.svc") or URL
//	                  host, answering as the configuration's
//	                  webhook.loopbook.dev/* annotations say.
type extensions struct {
	webhooks *webhookserver.Set
}

// buildEarlyExtensions builds the extension actors that must exist before
// the fixture's objects are written (later objects may need them): the
// servers behind the fixture's webhook configurations, put behind the
// webhook gate.
func (c *Cluster) buildEarlyExtensions() error {
	set, err := webhookserver.FromObjects(c.cfg.Objects)
	if err != nil {
		return fmt.Errorf("webhook servers: %w", err)
	}
	if set.Len() > 0 {
		c.webhooks.Next = set
		c.ext.webhooks = set
		for _, s := range set.Servers() {
			c.add(s)
		}
	}
	return nil
}

// buildExtensions builds the extension actors that run beside the Nodes'.
func (c *Cluster) buildExtensions() error { return nil }

// extensionControllers are the controllers the fixture adds to every
// controller-manager replica, after the built-in ones.
func (c *Cluster) extensionControllers() []func() controller.Controller { return nil }

// WebhookServers are the webhook servers the fixture turned on; nil when
// it holds no webhook configuration.
func (c *Cluster) WebhookServers() *webhookserver.Set { return c.ext.webhooks }
