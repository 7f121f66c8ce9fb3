package catalog

import "time"

// PriceChange is one entry of a car's price history: the price it was
// first listed at, then each save that changed its price, with when.
type PriceChange struct {
	At    time.Time
	Price int
}

// LastPriceDrop reports the change that last moved the car's price, when
// it was a drop: its date and the dollars it took off. A history whose
// last change was a rise, or that has no earlier real price to drop from
// (a placeholder price of reducedPriceFloor or less), has none.
func LastPriceDrop(h []PriceChange) (at time.Time, amount int, ok bool) {
	if len(h) < 2 {
		return time.Time{}, 0, false
	}
	last, prev := h[len(h)-1], h[len(h)-2]
	if last.Price <= reducedPriceFloor || prev.Price <= last.Price {
		return time.Time{}, 0, false
	}
	return last.At, prev.Price - last.Price, true
}
