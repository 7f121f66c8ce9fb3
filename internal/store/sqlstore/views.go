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

// RecordView counts a view of the car once per visitor and day. The
// visitor's mark and the count are one transaction, so a view is counted
// exactly when its mark is new; the car's marks of earlier days go.
func (s *Store) RecordView(ctx context.Context, site string, carID int64, visitor, day string) (int, error) {
	var n int
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := s.exec(ctx, tx, `DELETE FROM car_view_visitors WHERE site = ? AND car_id = ? AND day < ?`, site, carID, day); err != nil {
			return err
		}
		added, err := affected(s.exec(ctx, tx, `INSERT INTO car_view_visitors (site, car_id, day, visitor) VALUES (?, ?, ?, ?)
ON CONFLICT (site, car_id, day, visitor) DO NOTHING`, site, carID, day, visitor))
		if err != nil {
			return err
		}
		if added == 0 {
			err = s.queryRow(ctx, tx, `SELECT COALESCE((SELECT views FROM car_views WHERE site = ? AND car_id = ?), 0)`, site, carID).Scan(&n)
			return err
		}
		return s.queryRow(ctx, tx, `INSERT INTO car_views (site, car_id, views) VALUES (?, ?, 1)
ON CONFLICT (site, car_id) DO UPDATE SET views = car_views.views + 1
RETURNING views`, site, carID).Scan(&n)
	})
	if err != nil {
		return 0, s.errorf("count views", err)
	}
	return n, nil
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
