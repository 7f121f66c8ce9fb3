package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"forecourt/internal/store"
	"forecourt/internal/store/internal/entity"
)

// SaveValuationRecord stores one valuation result of the site.
func (db *DB) SaveValuationRecord(ctx context.Context, site string, rec store.ValuationRecord) (int64, error) {
	if rec.CreatedAt.IsZero() {
		rec.CreatedAt = time.Now()
	}
	res, err := db.write.ExecContext(ctx,
		"INSERT INTO valuation_records (site, column_name, lead_id, data, created_at) VALUES (?, ?, ?, ?, ?)",
		site, rec.ColumnName, rec.LeadID, string(rec.Data), entity.TimeText(rec.CreatedAt))
	if err != nil {
		return 0, fmt.Errorf("sqlite: save valuation record: %w", err)
	}
	return res.LastInsertId()
}

// ValuationRecords returns the site's valuation results, oldest first.
func (db *DB) ValuationRecords(ctx context.Context, site string) ([]store.ValuationRecord, error) {
	rows, err := db.read.QueryContext(ctx,
		"SELECT id, column_name, lead_id, data, created_at FROM valuation_records WHERE site = ? ORDER BY created_at, id", site)
	if err != nil {
		return nil, fmt.Errorf("sqlite: valuation records: %w", err)
	}
	defer rows.Close()
	var out []store.ValuationRecord
	for rows.Next() {
		var r store.ValuationRecord
		var data, created string
		if err := rows.Scan(&r.ID, &r.ColumnName, &r.LeadID, &data, &created); err != nil {
			return nil, fmt.Errorf("sqlite: valuation records: %w", err)
		}
		r.Data = json.RawMessage(data)
		if r.CreatedAt, err = time.Parse(entity.TimeLayout, created); err != nil {
			return nil, fmt.Errorf("sqlite: valuation record time: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
