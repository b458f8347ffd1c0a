package store

import (
	"slices"
)

// blockSize bounds a block of the key index. Inserting moves at most this
// many pointers, plus the block list when a block splits.
const blockSize = 256

// index keeps every key that has history in key order: a sorted list of
// sorted blocks, a B+tree of height two. Finding a key or the start of a
// range is two binary searches; walking on from there visits keys in order,
// so a prefix range costs O(log n + k).
type index[V any] struct {
	blocks [][]*keyState[V]
	n      int
}

// find returns the block and position where key is or would be inserted.
// The two binary searches are written out rather than sort.Search's: a
// call of its closure per step costs as much as the key comparison.
func (x *index[V]) find(key string) (b, i int) {
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

// insert adds ks, whose key must not be in the index.
func (x *index[V]) insert(ks *keyState[V]) {
	x.n++
	if len(x.blocks) == 0 {
		x.blocks = append(x.blocks, []*keyState[V]{ks})
		return
	}
	b, i := x.find(ks.key)
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
