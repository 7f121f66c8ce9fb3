package demo

import (
	"math"
	"time"

	"forecourt/internal/catalog"
)

// The demo's price drops: cars updated within priceDropWindow of ref and
// listed at least priceDropMinListed before that update, one in
// priceDropEvery of them (by id, so the pick follows whatever stock is
// generated), dropped to today's price at their last update; a car listed
// long enough before it dropped once before too.
const (
	priceDropWindow    = 21 * 24 * time.Hour
	priceDropMinListed = 7 * 24 * time.Hour
	priceDropEvery     = 3
)

// priceRounds gives some of the cars a believable price history for the
// store to record: each round is those cars as they were saved at an
// earlier, higher price, oldest first. Saving the rounds, then the cars
// themselves, leaves a history of the price first listed, perhaps an
// earlier drop, and the drop to today's price, dated at the car's last
// update.
func priceRounds(cars []catalog.Car, ref time.Time) [][]catalog.Car {
	var first, second []catalog.Car
	for _, c := range cars {
		if !droppedPrice(c, ref) {
			continue
		}
		last := dropAmount(c.Price, c.ID)
		listed := c.UpdatedAt.Sub(c.CreatedAt)
		twice := c.ID%2 == 0 && listed >= 2*priceDropMinListed
		was := c
		was.UpdatedAt = c.CreatedAt
		was.Price = c.Price + last
		if !twice {
			first = append(first, was)
			continue
		}
		earlier := dropAmount(was.Price, c.ID/2)
		mid := was
		mid.UpdatedAt = c.CreatedAt.Add(listed / 2).Truncate(time.Hour)
		was.Price += earlier
		first = append(first, was)
		second = append(second, mid)
	}
	var out [][]catalog.Car
	for _, round := range [][]catalog.Car{first, second} {
		if len(round) > 0 {
			out = append(out, round)
		}
	}
	return out
}

// wasPrices gives the cars priceRounds drops their price before the last
// drop as their earlier price (before_price): a "was" the history they
// are saved with bears out, held at least priceDropMinListed. No other
// car has one above its price.
func wasPrices(cars []catalog.Car, ref time.Time) {
	for i := range cars {
		c := &cars[i]
		if droppedPrice(*c, ref) {
			c.BeforePrice = c.Price + dropAmount(c.Price, c.ID)
		}
	}
}

// droppedPrice picks the cars priceRounds gives a drop: listed cars with a
// real price, changed lately after some time on sale.
func droppedPrice(c catalog.Car, ref time.Time) bool {
	return c.Status == catalog.StatusInStock && c.ShowOnWebsite && c.Price >= 5000 &&
		!c.CreatedAt.IsZero() && ref.Sub(c.UpdatedAt) <= priceDropWindow && ref.Sub(c.UpdatedAt) >= 0 &&
		c.UpdatedAt.Sub(c.CreatedAt) >= priceDropMinListed && mix(c.ID)%priceDropEvery == 0
}

// dropAmount is a dealer's round cut of about 2 to 5 per cent of price,
// in steps of $500, chosen by seed.
func dropAmount(price int, seed int64) int {
	pct := 0.02 + float64(mix(seed)%4)*0.01
	return max(500, int(math.Round(float64(price)*pct/500))*500)
}

// mix spreads consecutive ids over the picks.
func mix(id int64) uint64 {
	x := uint64(id) + 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
