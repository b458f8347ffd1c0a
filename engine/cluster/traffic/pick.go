package traffic

// pick walks an iptables Service chain of n endpoint rules: rule i matches
// with probability 1/(n-i), the last one always
// (pkg/proxy/iptables/proxier.go, writeServiceToEndpointRules).
func (c *Client) pick(n int) int {
	for i := range n - 1 {
		if c.cfg.Rand.Float64() < 1/float64(n-i) {
			return i
		}
	}
	return n - 1
}
