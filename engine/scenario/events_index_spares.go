package scenario

import "sync"

// spareVerbLists holds the emptied verb lists of released sessions'
// indices (see eventIndex.release): a run lists tens of thousands of
// events, and the next run lists about as many again.
var spareVerbLists sync.Pool

// release empties the index and gives its verb lists, emptied, to the
// next run's index: nothing may use them afterwards.
func (x *eventIndex) release() {
	if x.byVerb != nil {
		lists := x.byVerb
		for i := range lists {
			lists[i] = lists[i][:0]
		}
		spareVerbLists.Put(&lists)
	}
	*x = eventIndex{}
}

// spareVerbs returns a released index's emptied verb lists, or nil.
func spareVerbs() [][]int32 {
	if p, ok := spareVerbLists.Get().(*[][]int32); ok {
		return *p
	}
	return nil
}
