package sqlstore

import (
	"context"
	"database/sql"
	"errors"
)

// count adds one to a counter column of the car's row in one upsert, so
// concurrent counts never lose one, and returns the new count.
func (s *Store) count(ctx context.Context, column, site string, carID int64) (int, error) {
	var n int
	err := s.queryRow(ctx, s.write, `INSERT INTO car_views (site, car_id, `+column+`) VALUES (?, ?, 1)
ON CONFLICT (site, car_id) DO UPDATE SET `+column+` = car_views.`+column+` + 1
RETURNING `+column, site, carID).Scan(&n)
	if err != nil {
		return 0, s.errorf("count "+column, err)
	}
	return n, nil
}

// RecordView counts one view of the car.
func (s *Store) RecordView(ctx context.Context, site string, carID int64) (int, error) {
	return s.count(ctx, "views", site, carID)
}

// RecordCallReveal counts one reveal of the dealer's phone on the car's page.
func (s *Store) RecordCallReveal(ctx context.Context, site string, carID int64) (int, error) {
	return s.count(ctx, "call_reveals", site, carID)
}

func (s *Store) CarViews(ctx context.Context, site string, carID int64) (int, error) {
	var n int
	err := s.queryRow(ctx, s.read, `SELECT views FROM car_views WHERE site = ? AND car_id = ?`, site, carID).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, s.errorf("car views", err)
	}
	return n, nil
}
