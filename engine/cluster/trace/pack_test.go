package trace

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// TestPackRV: canonical decimal resourceVersions below 2,147,483,647 pack
// as numbers, anything else as strings, and every one unpacks to itself.
func TestPackRV(t *testing.T) {
	for _, tc := range []struct {
		rv     string
		number bool
	}{
		{"", true}, {"0", true}, {"1", true}, {"42", true}, {"2147483646", true},
		{"2147483647", false}, {"9999999999", false}, {"999999999999999999", false}, {"007", false}, {"00", false}, {"12a", false},
		{"-1", false}, {"1 ", false}, {"opaque", false}, {"18446744073709551615", false},
	} {
		p := &packer{table: &stringTable{}, gen: 1}
		p.chunk = &packedChunk{table: p.table}
		p.strings = []uint32{p.table.id("")}
		v := p.rv(tc.rv)
		p.chunk.strings = p.strings
		if got := v&rvString == 0; got != tc.number {
			t.Errorf("rv(%q) = %#x: packed as a number %v, want %v", tc.rv, v, got, tc.number)
		}
		if got := p.chunk.unpackRV(v); got != tc.rv {
			t.Errorf("unpackRV(rv(%q)) = %q", tc.rv, got)
		}
	}
}

// randomEvent is an event with every field set from r, strings drawn
// from small sets so the table shares them, and some built anew so they
// are equal in content at other addresses.
func randomEvent(r *rand.Rand) Event {
	pick := func(s ...string) string { return s[r.IntN(len(s))] }
	e := Event{
		Time: sim.Time(r.Int64N(1 << 40)), From: Actor(pick("apiserver", "kubelet/node-1", "alice")),
		To: Actor(pick("", "etcd", "scheduler")), Verb: Verb(r.IntN(int(Reconcile) + 1)),
		Group: pick("", "apps"), Resource: pick("pods", "deployments", ""), Subresource: pick("", "status"),
		Namespace: pick("", "demo"), Name: fmt.Sprintf("web-%d", r.IntN(50)),
		RVBefore: pick("", "0", "17", "007", "x1"), RVAfter: fmt.Sprint(r.IntN(1e6)),
		Phase: Phase(r.IntN(int(Panic) + 1)), WatchType: WatchType(r.IntN(int(Error) + 1)),
		Detail: pick("", "requeued after 5ms", fmt.Sprintf("n=%d", r.IntN(9))),
	}
	if r.IntN(3) == 0 {
		e.Outcome = Outcome{Code: pick3(r, 200, 409, 429), Reason: pick("", "Conflict"), Message: fmt.Sprint("m", r.IntN(4))}
	}
	if r.IntN(4) == 0 {
		e.Change = &Change{Set: []string{".status"}}
	}
	return e
}

func pick3(r *rand.Rand, a, b, c int) int { return []int{a, b, c}[r.IntN(3)] }

// TestPackCode: codes int16 holds, with phases and watch types four bits
// hold, pack in the event, the others beside it, and every one unpacks
// to itself.
func TestPackCode(t *testing.T) {
	codes := []int{0, 200, -1, 32767, -32767, 32768, -32768, 1 << 40, -1 << 40, 200, 200, 200}
	chunk := make([]Event, chunkSize)
	for i, c := range codes {
		chunk[i].Outcome.Code = c
		chunk[i].Phase, chunk[i].WatchType = Phase(i), WatchType(len(codes)-i)
	}
	chunk[len(codes)-2].Phase, chunk[len(codes)-1].WatchType = 16, 255
	out := make([]Event, chunkSize)
	(&packer{}).pack(chunk).unpack(0, out)
	for i := range codes {
		if got, want := out[i], chunk[i]; got.Outcome.Code != want.Outcome.Code || got.Phase != want.Phase || got.WatchType != want.WatchType {
			t.Errorf("event %d: code, phase, watch type %d %d %d unpacked as %d %d %d", i,
				want.Outcome.Code, want.Phase, want.WatchType, got.Outcome.Code, got.Phase, got.WatchType)
		}
	}
}

// TestEncodeDecode: every field, at its edges and with time running
// backwards, decodes after the event before to what was encoded.
func TestEncodeDecode(t *testing.T) {
	events := []packedEvent{
		{},
		{time: 5, verb: Get, phaseWatch: 0x21},
		{time: 5, verb: Get, phaseWatch: 0x21, name: 7},
		{time: 3, code: codeWide, rvBefore: rvString | 65535, rvAfter: rvString - 1},
		{time: math.MaxInt64, code: math.MaxInt16, from: 65535, to: 1, group: 2, resource: 3,
			subresource: 4, namespace: 5, name: 6, reason: 7, message: 8, detail: 9, verb: 255, phaseWatch: 255},
		{time: math.MinInt64, code: -1},
		{},
	}
	var data []byte
	for i := range events {
		prev := packedEvent{}
		if i > 0 {
			prev = events[i-1]
		}
		data = encode(data, &prev, &events[i])
	}
	var e packedEvent
	for i, want := range events {
		data = decode(data, &e)
		if e != want {
			t.Fatalf("event %d decoded as %+v, want %+v", i, e, want)
		}
	}
	if len(data) != 0 {
		t.Fatalf("%d bytes left after the last event", len(data))
	}
}

// TestPackedRequestIsSmall: the gates of requests, which differ from the
// event before in verb alone, pack into at most five bytes an
// event, against the 240 of an Event.
func TestPackedRequestIsSmall(t *testing.T) {
	chunk := make([]Event, chunkSize)
	gates := []Verb{Authenticate, Route, Authorize, Prioritize, Decode, Admit, Validate, Admit, Persist, Notify}
	for i := range chunk {
		req := i / len(gates)
		chunk[i] = Event{Time: sim.Time(req) * 1e6, From: APIServer, Verb: gates[i%len(gates)], Resource: "pods",
			Namespace: "demo", Name: fmt.Sprintf("web-%d", req), RVAfter: strconv.Itoa(100 + req)}
	}
	p := (&packer{}).pack(chunk)
	if n := len(p.data); n > 5*chunkSize {
		t.Errorf("%d events packed into %d bytes, want at most %d", chunkSize, n, 5*chunkSize)
	}
	got := make([]Event, chunkSize)
	p.unpack(0, got)
	for i := range got {
		got[i].Seq = 0
	}
	if !reflect.DeepEqual(got, chunk) {
		t.Fatal("the packed requests read back different")
	}
}

// appendRandom appends n random events to l and returns them as
// appended.
func appendRandom(l *Log, r *rand.Rand, n int) []Event {
	want := make([]Event, n)
	for i := range n {
		want[i] = randomEvent(r)
		want[i].Seq = l.Append(want[i])
	}
	return want
}

// TestPackedEventsReadBack: a log long enough to pack its early chunks
// hands every event back as it was appended, in order and at random,
// with more chunks read than stay unpacked; a change written to an old
// event through At is kept when its chunk is packed again.
func TestPackedEventsReadBack(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := (hotChunks+maxUnpacked+5)*chunkSize + 17
	l := NewLog()
	want := appendRandom(l, r, n)
	if len(l.packed) == 0 || l.packed[0] == nil || l.chunks[0] != nil {
		t.Fatal("the log's first chunk is not packed")
	}
	if last := n >> chunkShift; l.chunks[last] == nil || l.chunks[last-hotChunks+1] == nil {
		t.Fatal("a chunk among the last hotChunks is packed")
	}
	check := func(i int) {
		t.Helper()
		if got := l.At(i); !reflect.DeepEqual(*got, want[i]) {
			t.Fatalf("event %d:\n got %+v\nwant %+v", i, *got, want[i])
		}
	}
	for i := range n {
		check(i)
	}
	if len(l.unpacked) != maxUnpacked {
		t.Fatalf("%d chunks unpacked, want at most %d", len(l.unpacked), maxUnpacked)
	}
	l.At(5).Detail = "written late"
	want[5].Detail = "written late"
	for range 4 * maxUnpacked {
		check(r.IntN(n))
	}
	for c := range maxUnpacked + 1 { // unpack others until chunk 0 is packed again
		check((c + 1) * chunkSize)
	}
	if l.chunks[0] != nil {
		t.Fatal("chunk 0 still unpacked")
	}
	check(5)
	var got []int
	for e := range l.Query().Where(func(e *Event) bool { return e.Verb == Get }).All() {
		got = append(got, e.Seq)
	}
	var wantGets []int
	for _, e := range want {
		if e.Verb == Get {
			wantGets = append(wantGets, e.Seq)
		}
	}
	if !reflect.DeepEqual(got, wantGets) {
		t.Fatalf("query of GETs found %d events, want %d", len(got), len(wantGets))
	}
}

// TestPackedLogResetAndRelease: Reset forgets packed events and the log
// fills again from 0; Release gives up packed chunks too.
func TestPackedLogResetAndRelease(t *testing.T) {
	l := NewLog()
	fill(l, (hotChunks+2)*chunkSize)
	l.Release(chunkSize)
	func() {
		defer func() {
			if r := recover(); r != "trace: event released" {
				t.Errorf("At(0) after Release: panic %v, want the released event's", r)
			}
		}()
		l.At(0)
	}()
	if e := l.At(chunkSize + 3); e.Seq != chunkSize+3 || e.Name != "xxxxx"[:(chunkSize+3)%7] {
		t.Fatalf("packed event after Release = %+v", *e)
	}
	l.Reset()
	if l.packed != nil || l.packer != nil {
		t.Fatal("Reset kept packed events")
	}
	fill(l, 3)
	if e := l.At(2); e.Seq != 2 || e.Name != "xx" {
		t.Fatalf("event 2 after Reset = %+v", *e)
	}
}

// TestPackSharesStrings: a chunk's events that share their strings list
// each once, and the packed chunk reads back as it was.
func TestPackSharesStrings(t *testing.T) {
	chunk := make([]Event, chunkSize)
	names := []string{"web-1", "web-2"}
	for i := range chunk {
		chunk[i] = Event{Seq: i, From: APIServer, Verb: Get, Resource: "pods", Namespace: "demo",
			Name: names[i%2], RVAfter: "12", Detail: names[(i/3)%2]}
	}
	p := (&packer{}).pack(chunk)
	var strs []string
	for i := range p.strings {
		strs = append(strs, p.str(uint16(i)))
	}
	if want := []string{"", "apiserver", "pods", "demo", "web-1", "web-2"}; !reflect.DeepEqual(strs, want) {
		t.Fatalf("strings %q, want %q", strs, want)
	}
	got := make([]Event, chunkSize)
	p.unpack(0, got)
	if !reflect.DeepEqual(got, chunk) {
		t.Fatal("the packed chunk reads back different")
	}
}

// TestKeepUnpacked: a log told to keep its events unpacked packs none,
// however long it grows, and reads them back as appended; Reset makes it
// pack again.
func TestKeepUnpacked(t *testing.T) {
	l := NewLog()
	l.KeepUnpacked()
	n := (hotChunks+maxUnpacked+9)*chunkSize + 5
	want := appendRandom(l, rand.New(rand.NewPCG(3, 4)), n)
	if len(l.packed) != 0 || l.packer != nil {
		t.Fatalf("%d chunks packed", len(l.packed))
	}
	for i := range n {
		if got := l.At(i); !reflect.DeepEqual(*got, want[i]) {
			t.Fatalf("event %d:\n got %+v\nwant %+v", i, *got, want[i])
		}
	}
	l.Reset()
	fill(l, (hotChunks+2)*chunkSize)
	if len(l.packed) == 0 || l.packed[0] == nil || l.chunks[0] != nil {
		t.Fatal("after Reset the log's first chunk is not packed")
	}
}
