package cache

// AllSynced returns a WaitForCacheSync condition: every one of infs has
// delivered its initial list.
func AllSynced(infs ...*SharedInformer) func() bool {
	return func() bool {
		for _, inf := range infs {
			if !inf.HasSynced() {
				return false
			}
		}
		return true
	}
}
