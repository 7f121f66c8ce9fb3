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

// DefaultWasPriceDays is how long a car must have been listed at a price
// before that price may be shown as its "was" price, unless the site sets
// tags.was_price_days.
const DefaultWasPriceDays = 7

// WasPriceHeld reports whether the car's price history shows it listed
// at exactly was, before its current price, for at least days days: the
// only "was" price a buyer may be shown (a price the car never had, or
// had for a day, is a misleading comparison). The last entry is the
// current price and never counts; an entry's time at a price runs to the
// next change.
func WasPriceHeld(h []PriceChange, was, days int) bool {
	if was <= reducedPriceFloor || days < 0 {
		return false
	}
	need := time.Duration(days) * 24 * time.Hour
	for i := 0; i+1 < len(h); i++ {
		if h[i].Price == was && h[i+1].At.Sub(h[i].At) >= need {
			return true
		}
	}
	return false
}
