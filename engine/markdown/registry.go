package markdown

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Registry maps info-string words to the Kinds that render them. It is safe
// for concurrent use; kinds are normally all registered before the first
// conversion.
type Registry struct {
	mu    sync.RWMutex
	kinds map[string]Kind
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{kinds: map[string]Kind{}}
}

// Register adds k. It panics when k's name is empty, contains white space
// or is already registered: those are programming errors.
func (r *Registry) Register(k Kind) {
	name := k.Name()
	if name == "" || strings.ContainsFunc(name, isSpace) {
		panic(fmt.Sprintf("markdown: invalid kind name %q", name))
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.kinds[name]; dup {
		panic(fmt.Sprintf("markdown: kind %q registered twice", name))
	}
	r.kinds[name] = k
}

// Lookup returns the kind registered under name. A nil registry has none.
func (r *Registry) Lookup(name string) (Kind, bool) {
	if r == nil {
		return nil, false
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	k, ok := r.kinds[name]
	return k, ok
}

// Names returns the registered names, sorted.
func (r *Registry) Names() []string {
	if r == nil {
		return nil
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	names := make([]string, 0, len(r.kinds))
	for name := range r.kinds {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v'
}
