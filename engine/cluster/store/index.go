package store

import (
	"slices"
	"strings"
)

// blockSize bounds a block of the key index. Inserting moves at most this
// many pointers, plus the block list when a block splits.
const blockSize = 256

// index keeps every key that has history in key order: a sorted list of
// sorted blocks, a B+tree of height two. Finding a key or the start of a
// range is two binary searches; walking on from there visits keys in order,
// so a prefix range costs O(log n + k).
//
// New keys are sorted in at the next ordered read (find, ascend, remove),
// not as they come: writes look keys up in the store's map, so a run of
// creates with no range read between them costs no search of the index,
// and a long run is merged in one pass.
type index[V any] struct {
	blocks [][]*keyState[V]
	n      int
	// pending are the keys inserted since the last ordered read, in the
	// order they came.
	pending []*keyState[V]
}

// rebuildFill is how full merge leaves the blocks it builds, so that
// later inserts find room before a block splits.
const rebuildFill = blockSize * 3 / 4

// find returns the block and position where key is or would be inserted,
// once the pending keys are in the blocks.
func (x *index[V]) find(key string) (b, i int) {
	x.merge()
	return x.search(key)
}

// search is find over the blocks alone. The two binary searches are
// written out rather than sort.Search's: a call of its closure per step
// costs as much as the key comparison.
func (x *index[V]) search(key string) (b, i int) {
	lo, hi := 0, len(x.blocks)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if blk := x.blocks[m]; blk[len(blk)-1].key < key {
			lo = m + 1
		} else {
			hi = m
		}
	}
	b = lo
	if b == len(x.blocks) {
		if b == 0 {
			return 0, 0
		}
		b--
		return b, len(x.blocks[b])
	}
	blk := x.blocks[b]
	lo, hi = 0, len(blk)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if blk[m].key < key {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return b, lo
}

// insert adds ks, whose key must not be in the index. It is sorted in at
// the next ordered read.
func (x *index[V]) insert(ks *keyState[V]) {
	x.n++
	x.pending = append(x.pending, ks)
}

// merge sorts the pending keys into the blocks: one by one when they are
// few beside the keys already there, else in one pass that rebuilds the
// blocks.
func (x *index[V]) merge() {
	p := x.pending
	if len(p) == 0 {
		return
	}
	if old := x.n - len(p); len(p)*32 < old {
		for _, ks := range p {
			x.place(ks)
		}
	} else {
		slices.SortFunc(p, func(a, b *keyState[V]) int { return strings.Compare(a.key, b.key) })
		x.rebuild(p)
	}
	clear(p)
	x.pending = p[:0]
}

// rebuild merges the sorted keys p with those of the blocks into new
// blocks, each rebuildFill keys but the last.
func (x *index[V]) rebuild(p []*keyState[V]) {
	blocks := make([][]*keyState[V], 0, x.n/rebuildFill+1)
	var cur []*keyState[V]
	add := func(ks *keyState[V]) {
		if len(cur) == rebuildFill {
			blocks = append(blocks, cur)
			cur = nil
		}
		if cur == nil {
			cur = make([]*keyState[V], 0, blockSize+1)
		}
		cur = append(cur, ks)
	}
	for _, blk := range x.blocks {
		for _, ks := range blk {
			for len(p) > 0 && p[0].key < ks.key {
				add(p[0])
				p = p[1:]
			}
			add(ks)
		}
	}
	for _, ks := range p {
		add(ks)
	}
	if cur != nil {
		blocks = append(blocks, cur)
	}
	x.blocks = blocks
}

// place puts ks, whose key is in neither the blocks nor pending, in its
// block.
func (x *index[V]) place(ks *keyState[V]) {
	if len(x.blocks) == 0 {
		x.blocks = append(x.blocks, []*keyState[V]{ks})
		return
	}
	b, i := x.search(ks.key)
	blk := append(x.blocks[b], nil)
	copy(blk[i+1:], blk[i:])
	blk[i] = ks
	x.blocks[b] = blk
	if len(blk) > blockSize {
		half := len(blk) / 2
		right := make([]*keyState[V], len(blk)-half, blockSize+1)
		copy(right, blk[half:])
		clear(blk[half:])
		x.blocks[b] = blk[:half]
		x.blocks = append(x.blocks, nil)
		copy(x.blocks[b+2:], x.blocks[b+1:])
		x.blocks[b+1] = right
	}
}

// remove deletes key from the index if it is there.
func (x *index[V]) remove(key string) {
	b, i := x.find(key)
	if b >= len(x.blocks) || i >= len(x.blocks[b]) || x.blocks[b][i].key != key {
		return
	}
	x.n--
	blk := slices.Delete(x.blocks[b], i, i+1) // zeroes the freed tail
	if len(blk) == 0 {
		x.blocks = slices.Delete(x.blocks, b, b+1)
		return
	}
	x.blocks[b] = blk
}

// ascend calls fn for each key >= from in order until fn returns false.
func (x *index[V]) ascend(from string, fn func(*keyState[V]) bool) {
	b, i := x.find(from)
	for ; b < len(x.blocks); b, i = b+1, 0 {
		blk := x.blocks[b]
		for ; i < len(blk); i++ {
			if !fn(blk[i]) {
				return
			}
		}
	}
}
