package cache

import (
	"errors"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// AddEventHandler adds a handler with the informer's default resync
// period. A handler added to a running informer is first given an add,
// with isInInitialList true, for every cached object.
func (s *SharedInformer) AddEventHandler(h ResourceEventHandler) (*Registration, error) {
	return s.AddEventHandlerWithResyncPeriod(h, s.defaultResync)
}

// AddEventHandlerWithResyncPeriod adds a handler that wants every cached
// object re-delivered as an update every period (0: never), with
// shared_informer.go's adjustments: at least 1 s; before Run a shorter
// period makes the informer check more often, after Run it is raised to
// the informer's check period.
func (s *SharedInformer) AddEventHandlerWithResyncPeriod(h ResourceEventHandler, period time.Duration) (*Registration, error) {
	if s.stopped {
		return nil, errors.New("handler was not added to shared informer because it has stopped already")
	}
	if period > 0 {
		period = max(period, minimumResyncPeriod)
		if period < s.resyncCheckPeriod {
			if s.started {
				period = s.resyncCheckPeriod
			} else {
				s.resyncCheckPeriod = period
				for _, r := range s.handlers {
					r.period = determineResyncPeriod(r.requested, period)
				}
			}
		}
	}
	var reg *Registration
	if s.first.informer == nil {
		reg = &s.first
		s.handlers = s.handlerSlots[:0]
	} else {
		reg = new(Registration)
	}
	*reg = Registration{informer: s, handler: h, requested: period,
		period: determineResyncPeriod(period, s.resyncCheckPeriod), syncing: true}
	reg.nextResync = s.lw.Client.Loop.Now().Add(reg.period)
	s.handlers = append(s.handlers, reg)
	if s.started {
		s.indexer.Range(func(obj *object.Object) bool {
			h.OnAdd(obj, true)
			return true
		})
	}
	return reg, nil
}

// RemoveEventHandler removes a handler; it is called no more.
func (s *SharedInformer) RemoveEventHandler(reg *Registration) error {
	for i, r := range s.handlers {
		if r == reg {
			s.handlers = append(s.handlers[:i], s.handlers[i+1:]...)
			reg.removed = true
			return nil
		}
	}
	return nil
}

// shouldResync is sharedProcessor.shouldResync: it marks which handlers
// are due and reports whether any is.
func (s *SharedInformer) shouldResync() bool {
	now := s.lw.Client.Loop.Now()
	due := false
	for _, r := range s.handlers {
		r.syncing = r.shouldResync(now)
		if r.syncing {
			due = true
			r.nextResync = now.Add(r.period)
		}
	}
	return due
}
