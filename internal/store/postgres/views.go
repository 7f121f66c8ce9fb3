package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// RecordView counts one view in one atomic upsert.
func (db *DB) RecordView(ctx context.Context, site string, carID int64) (int, error) {
	var n int
	err := db.pool.QueryRow(ctx, `
		INSERT INTO car_views (site, car_id, views) VALUES ($1, $2, 1)
		ON CONFLICT (site, car_id) DO UPDATE SET views = car_views.views + 1
		RETURNING views`, site, carID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("postgres: record view: %w", err)
	}
	return n, nil
}

func (db *DB) CarViews(ctx context.Context, site string, carID int64) (int, error) {
	var n int
	err := db.pool.QueryRow(ctx,
		`SELECT views FROM car_views WHERE site = $1 AND car_id = $2`, site, carID).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("postgres: car views: %w", err)
	}
	return n, nil
}

func (db *DB) RecordCallReveal(ctx context.Context, site string, carID int64) (int, error) {
	var n int
	err := db.pool.QueryRow(ctx, `
		INSERT INTO car_views (site, car_id, call_reveals) VALUES ($1, $2, 1)
		ON CONFLICT (site, car_id) DO UPDATE SET call_reveals = car_views.call_reveals + 1
		RETURNING call_reveals`, site, carID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("postgres: record call reveal: %w", err)
	}
	return n, nil
}
