package flowcontrol

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
)

// maxHashBits is how many bits of a flow's hash shuffle sharding may use
// (k8s.io/apiserver/pkg/util/shufflesharding/shufflesharding.go).
const maxHashBits = 60

// dealer deals a hand of handSize distinct queues out of deckSize, the way
// Kubernetes' shufflesharding.Dealer does, so a flow lands on the same
// queues as on a real server with the same configuration.
type dealer struct {
	deckSize, handSize int
}

// newDealer checks a queuing configuration as shufflesharding.NewDealer
// does.
func newDealer(deckSize, handSize int) (dealer, error) {
	switch {
	case deckSize <= 0 || handSize <= 0:
		return dealer{}, fmt.Errorf("deckSize %d or handSize %d is not positive", deckSize, handSize)
	case handSize > deckSize:
		return dealer{}, fmt.Errorf("handSize %d is greater than deckSize %d", handSize, deckSize)
	case deckSize > 1<<26:
		return dealer{}, fmt.Errorf("deckSize %d is impractically large", deckSize)
	case int(math.Ceil(math.Log2(float64(deckSize))*float64(handSize))) > maxHashBits:
		return dealer{}, fmt.Errorf("required entropy bits of deckSize %d and handSize %d is greater than %d",
			deckSize, handSize, maxHashBits)
	}
	return dealer{deckSize: deckSize, handSize: handSize}, nil
}

// deal appends the hand for hash to hand and returns it. Each card is a
// mixed-radix digit of the hash, renumbered to skip the cards already
// dealt (shufflesharding.go, Deal).
func (d dealer) deal(hash uint64, hand []int32) []int32 {
	var rem [15]int // handSize is at most 15: 15 cards need at least 60 bits
	for i := 0; i < d.handSize; i++ {
		n := uint64(d.deckSize - i)
		next := hash / n
		rem[i] = int(hash - n*next)
		hash = next
	}
	for i := 0; i < d.handSize; i++ {
		card := rem[i]
		for j := i; j > 0; j-- {
			if card >= rem[j-1] {
				card++
			}
		}
		hand = append(hand, int32(card))
	}
	return hand
}

// hashFlow is a flow's hash: the first eight bytes, little-endian, of the
// SHA-256 of the schema name, a zero byte and the distinguisher
// (k8s.io/apiserver/pkg/util/flowcontrol/apf_controller.go, hashFlowID).
func hashFlow(schema, distinguisher string) uint64 {
	h := sha256.New()
	h.Write([]byte(schema))
	h.Write([]byte{0})
	h.Write([]byte(distinguisher))
	var sum [sha256.Size]byte
	return binary.LittleEndian.Uint64(h.Sum(sum[:0])[:8])
}
