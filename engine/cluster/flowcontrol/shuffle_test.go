package flowcontrol

import (
	"slices"
	"testing"
)

// The error messages are shufflesharding.NewDealer's.
func TestNewDealer(t *testing.T) {
	tests := []struct {
		name       string
		deck, hand int
		wantErr    string
	}{
		{"deck not positive", -100, 8, "deckSize -100 or handSize 8 is not positive"},
		{"hand not positive", 100, 0, "deckSize 100 or handSize 0 is not positive"},
		{"hand above deck", 100, 101, "handSize 101 is greater than deckSize 100"},
		{"deck too large", 1 << 27, 2, "deckSize 134217728 is impractically large"},
		{"too many bits", 512, 8, "required entropy bits of deckSize 512 and handSize 8 is greater than 60"},
		{"1024 by 6 uses 60 bits", 1024, 6, ""},
		{"bootstrap 128 by 6", 128, 6, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := newDealer(tc.deck, tc.hand)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.wantErr {
				t.Errorf("error = %q, want %q", got, tc.wantErr)
			}
		})
	}
}

func TestDeal(t *testing.T) {
	tests := []struct {
		name       string
		deck, hand int
		hash       uint64
		want       []int32
	}{
		// 1234 in mixed radix 10, 9, 8 is 4, 6, 5; each card skips the
		// ones dealt before it: 4, 6→7, 5→6.
		{"worked example", 10, 3, 1234, []int32{4, 7, 6}},
		{"zero hash", 128, 6, 0, []int32{0, 1, 2, 3, 4, 5}},
		{"whole deck", 4, 4, 23, []int32{3, 2, 1, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := newDealer(tc.deck, tc.hand)
			if err != nil {
				t.Fatal(err)
			}
			if got := d.deal(tc.hash, nil); !slices.Equal(got, tc.want) {
				t.Errorf("deal(%d) = %v, want %v", tc.hash, got, tc.want)
			}
		})
	}
}

// Every hand has distinct cards in range, and over all hashes below
// 128·127·126 each unordered hand of three appears exactly 3! times.
func TestDealUniform(t *testing.T) {
	d, err := newDealer(128, 3)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[[3]int32]int{}
	hand := make([]int32, 0, 3)
	for h := range uint64(128 * 127 * 126) {
		hand = d.deal(h, hand[:0])
		if hand[0] == hand[1] || hand[0] == hand[2] || hand[1] == hand[2] {
			t.Fatalf("deal(%d) = %v repeats a card", h, hand)
		}
		k := [3]int32(hand)
		slices.Sort(k[:])
		counts[k]++
	}
	if want := 128 * 127 * 126 / 6; len(counts) != want {
		t.Errorf("%d distinct hands, want %d", len(counts), want)
	}
	for k, n := range counts {
		if n != 6 {
			t.Fatalf("hand %v dealt %d times, want 6", k, n)
		}
	}
}

// hashFlow is stable: it is what places a flow on its queues.
func TestHashFlow(t *testing.T) {
	a, b := hashFlow("global-default", "alice"), hashFlow("global-default", "bob")
	if a == b || a != hashFlow("global-default", "alice") {
		t.Errorf("hashes of alice and bob: %x, %x", a, b)
	}
	// The separator keeps ("ab", "c") and ("a", "bc") apart.
	if hashFlow("ab", "c") == hashFlow("a", "bc") {
		t.Error("schema and distinguisher run together")
	}
}
