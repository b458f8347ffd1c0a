package render

// labelAt returns where the label of a call from box a to box b along r
// goes (its text's centre and baseline): above the middle of r's longest
// stretch; but above both boxes when the call is a short sideways hop
// that the label would not fit beside, as from the controller manager to
// the API server next to it; centred in the gap when it is a short drop
// between stacked boxes.
func (l *layout) labelAt(r []point, a, b int, verb string) point {
	long := 0
	for i := 1; i+1 < len(r); i++ {
		if length(r[i], r[i+1]) > length(r[long], r[long+1]) {
			long = i
		}
	}
	p, q := r[long], r[long+1]
	mid := point{(p.x + q.x) / 2, (p.y+q.y)/2 - 4}
	dx, dy := q.x-p.x, q.y-p.y
	sideways := dx*dx > 4*dy*dy
	switch {
	case len(r) == 2 && sideways && length(p, q) < float64(labelWidth(verb)+8):
		mid.y = min(l.boxes[a].y, l.boxes[b].y) - 5
	case len(r) == 2 && !sideways && length(p, q) < 2*labelHeight:
		// A short drop between stacked boxes, as from a kubelet to its
		// runtime: the label is centred in the gap, clear of both boxes'
		// text.
		mid.y = (p.y+q.y)/2 + labelHeight/2 - 2
	}
	return mid
}

// labelHeight is a call label's height in viewBox units, from the top of
// its capitals to its baseline and below.
const labelHeight = 12

// labelWidth estimates a call label's width in viewBox units: 12-unit
// bold capitals.
func labelWidth(verb string) int { return len(verb)*8 + 4 }
