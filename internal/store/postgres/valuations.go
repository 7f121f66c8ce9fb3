package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"forecourt/internal/store"
)

// SaveValuationRecord stores one valuation result of the site.
func (db *DB) SaveValuationRecord(ctx context.Context, site string, rec store.ValuationRecord) (int64, error) {
	if rec.CreatedAt.IsZero() {
		rec.CreatedAt = time.Now()
	}
	var id int64
	err := db.pool.QueryRow(ctx,
		"INSERT INTO valuation_records (site, column_name, lead_id, data, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
		site, rec.ColumnName, rec.LeadID, string(rec.Data), rec.CreatedAt.UTC()).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("postgres: save valuation record: %w", err)
	}
	return id, nil
}

// ValuationRecords returns the site's valuation results, oldest first.
func (db *DB) ValuationRecords(ctx context.Context, site string) ([]store.ValuationRecord, error) {
	rows, err := db.pool.Query(ctx,
		"SELECT id, column_name, lead_id, data::text, created_at FROM valuation_records WHERE site = $1 ORDER BY created_at, id", site)
	if err != nil {
		return nil, fmt.Errorf("postgres: valuation records: %w", err)
	}
	defer rows.Close()
	var out []store.ValuationRecord
	for rows.Next() {
		var r store.ValuationRecord
		var data string
		if err := rows.Scan(&r.ID, &r.ColumnName, &r.LeadID, &data, &r.CreatedAt); err != nil {
			return nil, fmt.Errorf("postgres: valuation records: %w", err)
		}
		r.Data = json.RawMessage(data)
		r.CreatedAt = r.CreatedAt.UTC()
		out = append(out, r)
	}
	return out, rows.Err()
}
