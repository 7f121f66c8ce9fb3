package search

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// countMasks's adder tree must count each bit as a loop over the bits
// would, for any number of masks (whole sixteens and a rest).
func TestCountMasksCountsEachBit(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{0, 1, 15, 16, 17, 33, 64, 1000} {
		masks := make([]uint64, n)
		for i := range masks {
			masks[i] = rng.Uint64() & rng.Uint64() // a quarter of the bits
		}
		masks = append(masks, ^uint64(0))
		want, got := make([]int, 64), make([]int, 64)
		for _, m := range masks {
			for b := range 64 {
				want[b] += int(m >> b & 1)
			}
		}
		got[3] = 5 // counts are added to
		want[3] += 5
		countMasks(masks, got)
		if !slices.Equal(got, want) {
			t.Errorf("%d masks: counted %v, want %v", len(masks), got, want)
		}
	}
}
