package search

import (
	"math/rand/v2"
	"testing"
)

// shownTotal must count exactly what keptHits yields, for any pattern of
// sold and kept cars: runs, a sold first or last car, all sold, none sold.
func TestShownTotalCountsKeptHits(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 9))
	for trial := range 2000 {
		n := rng.IntN(200) + 1
		ix := &Index{n: n, soldBits: make([]uint64, (n+63)/64)}
		soldShare := []int{0, 1, 3, 10}[trial%4] // in tenths; 10: every car sold
		for p := range n {
			if rng.IntN(10) < soldShare {
				ix.soldBits[p>>6] |= 1 << (p & 63)
			}
		}
		ordered := make([]uint32, n)
		for i, p := range rng.Perm(n) {
			ordered[i] = uint32(p)
		}
		ordered = ordered[:rng.IntN(n)+1]
		want := 0
		for range keptHits(ordered, ix.isSold) {
			want++
		}
		if got := ix.shownTotal(ordered); got != want {
			t.Fatalf("trial %d: shownTotal %d, keptHits yields %d", trial, got, want)
		}
	}
}
