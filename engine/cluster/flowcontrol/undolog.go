package flowcontrol

// undoBlock is how many entries a block of an undoLog holds.
const undoBlock = 256

// undoKeepBlocks is how many blocks an undoLog keeps for reuse when
// trimmed.
const undoKeepBlocks = 4

// undoLog is a kept replay's stack of undo entries (see keptRun), held
// in blocks of undoBlock entries: it grows a block at a time without
// copying the entries it holds, and lets go of its oldest entries a block
// at a time, reusing the block. Entries are numbered from the last reset
// on; blocks[0] holds those from start.
type undoLog struct {
	blocks []*[undoBlock]undo
	start  int // the number of blocks[0][0]
	end    int // one past the latest entry's number
}

// reset empties the log, keeping its blocks.
func (l *undoLog) reset() { l.start, l.end = 0, 0 }

// at returns entry number i, which must be held.
func (l *undoLog) at(i int) *undo {
	i -= l.start
	return &l.blocks[uint(i)/undoBlock][uint(i)%undoBlock]
}

// push adds an entry, as it was when last used, and returns its number.
func (l *undoLog) push() int {
	if l.end-l.start == len(l.blocks)*undoBlock {
		l.blocks = append(l.blocks, new([undoBlock]undo))
	}
	l.end++
	return l.end - 1
}

// truncate drops the entries from number n on.
func (l *undoLog) truncate(n int) { l.end = n }

// dropBefore lets go of the blocks that hold only entries before number
// n, moving them behind the others for reuse.
func (l *undoLog) dropBefore(n int) {
	for n-l.start >= undoBlock {
		b := l.blocks[0]
		copy(l.blocks, l.blocks[1:])
		l.blocks[len(l.blocks)-1] = b
		l.start += undoBlock
	}
}

// trim empties the log and frees all but undoKeepBlocks of its blocks,
// so that a log grown long in a burst does not outlive it.
func (l *undoLog) trim() {
	l.reset()
	if len(l.blocks) > undoKeepBlocks {
		clear(l.blocks[undoKeepBlocks:])
		l.blocks = l.blocks[:undoKeepBlocks]
	}
}
