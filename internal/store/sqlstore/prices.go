package sqlstore

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"forecourt/internal/catalog"
)

// priceChange is a row of car_price_changes to write.
type priceChange struct {
	carID int64
	at    time.Time
	price int
}

// storedPrices answers the price each of the cars has in the cars table
// now, for those the site has.
func (s *Store) storedPrices(ctx context.Context, tx *sql.Tx, site string, ids []int64) (map[int64]int, error) {
	args := make([]any, 0, len(ids)+1)
	args = append(args, site)
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := s.query(ctx, tx, "SELECT id, price FROM cars WHERE site = ? AND id IN ("+placeholders(len(ids))+")", args...)
	type idPrice struct {
		id    int64
		price int
	}
	got, err := collect(rows, err, func(r *sql.Rows) (idPrice, error) {
		var p idPrice
		err := r.Scan(&p.id, &p.price)
		return p, err
	})
	if err != nil {
		return nil, err
	}
	out := make(map[int64]int, len(got))
	for _, p := range got {
		out[p.id] = p.price
	}
	return out, nil
}

// priceChanged is the history entry a save of c makes, if any: a car not
// stored before enters at its price, dated when it was created; a stored
// car whose price differs gets its new price, dated when the saved car
// says it was updated. A car without those times is dated now.
func priceChanged(c catalog.Car, before map[int64]int, now time.Time) (priceChange, bool) {
	old, stored := before[c.ID]
	if stored && old == c.Price {
		return priceChange{}, false
	}
	at := c.UpdatedAt
	if !stored && !c.CreatedAt.IsZero() {
		at = c.CreatedAt
	}
	if at.IsZero() {
		at = now
	}
	before[c.ID] = c.Price
	return priceChange{carID: c.ID, at: at, price: c.Price}, true
}

// recordPriceChanges appends the changes to the cars' price histories.
func (s *Store) recordPriceChanges(ctx context.Context, tx *sql.Tx, site string, changes []priceChange) error {
	for len(changes) > 0 {
		n := min(len(changes), carsPerStatement)
		args := make([]any, 0, 4*n)
		for _, ch := range changes[:n] {
			args = append(args, site, ch.carID, s.at(ch.at), ch.price)
		}
		q := "INSERT INTO car_price_changes (site, car_id, changed_at, price) VALUES " +
			strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?), ", n), ", ")
		if _, err := s.exec(ctx, tx, q, args...); err != nil {
			return err
		}
		changes = changes[n:]
	}
	return nil
}

func scanPriceChange(r *sql.Rows) (carPrice, error) {
	var p carPrice
	err := r.Scan(&p.carID, timeCol{&p.At}, &p.Price)
	return p, err
}

type carPrice struct {
	carID int64
	catalog.PriceChange
}

// histories reads the price histories of the cars where holds, by car.
func (s *Store) histories(ctx context.Context, where string, args ...any) (map[int64][]catalog.PriceChange, error) {
	rows, err := s.query(ctx, s.read, "SELECT car_id, changed_at, price FROM car_price_changes WHERE "+where+" ORDER BY car_id, id", args...)
	all, err := collect(rows, err, scanPriceChange)
	if err != nil {
		return nil, err
	}
	out := map[int64][]catalog.PriceChange{}
	for _, p := range all {
		out[p.carID] = append(out[p.carID], p.PriceChange)
	}
	return out, nil
}

// withPriceDrops sets each car's PriceHistory and PriceDroppedAt from its
// price history.
func withPriceDrops(cars []catalog.Car, h map[int64][]catalog.PriceChange) {
	for i := range cars {
		cars[i].PriceHistory = h[cars[i].ID]
		if at, _, ok := catalog.LastPriceDrop(h[cars[i].ID]); ok {
			cars[i].PriceDroppedAt = at
		}
	}
}
