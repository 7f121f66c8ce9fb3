package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// RecordView counts one view; the upsert is one statement on the single
// writer, so concurrent views never lose a count.
func (db *DB) RecordView(ctx context.Context, site string, carID int64) (int, error) {
	var n int
	err := db.write.QueryRowContext(ctx, `
		INSERT INTO car_views (site, car_id, views) VALUES (?, ?, 1)
		ON CONFLICT (site, car_id) DO UPDATE SET views = views + 1
		RETURNING views`, site, carID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("sqlite: record view: %w", err)
	}
	return n, nil
}

func (db *DB) CarViews(ctx context.Context, site string, carID int64) (int, error) {
	var n int
	err := db.read.QueryRowContext(ctx,
		`SELECT views FROM car_views WHERE site = ? AND car_id = ?`, site, carID).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("sqlite: car views: %w", err)
	}
	return n, nil
}

func (db *DB) RecordCallReveal(ctx context.Context, site string, carID int64) (int, error) {
	var n int
	err := db.write.QueryRowContext(ctx, `
		INSERT INTO car_views (site, car_id, call_reveals) VALUES (?, ?, 1)
		ON CONFLICT (site, car_id) DO UPDATE SET call_reveals = call_reveals + 1
		RETURNING call_reveals`, site, carID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("sqlite: record call reveal: %w", err)
	}
	return n, nil
}
