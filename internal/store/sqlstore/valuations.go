package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"forecourt/internal/store"
)

// SaveValuationRecord stores one valuation result of the site.
func (s *Store) SaveValuationRecord(ctx context.Context, site string, rec store.ValuationRecord) (int64, error) {
	if rec.CreatedAt.IsZero() {
		rec.CreatedAt = time.Now()
	}
	var id int64
	err := s.queryRow(ctx, s.write,
		"INSERT INTO valuation_records (site, column_name, lead_id, data, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
		site, rec.ColumnName, rec.LeadID, string(rec.Data), s.at(rec.CreatedAt)).Scan(&id)
	if err != nil {
		return 0, s.errorf("save valuation record", err)
	}
	return id, nil
}

// ValuationRecords returns the site's valuation results, oldest first.
func (s *Store) ValuationRecords(ctx context.Context, site string) ([]store.ValuationRecord, error) {
	rows, err := s.query(ctx, s.read,
		"SELECT id, column_name, lead_id, data, created_at FROM valuation_records WHERE site = ? ORDER BY created_at, id", site)
	out, err := collect(rows, err, func(r *sql.Rows) (store.ValuationRecord, error) {
		var v store.ValuationRecord
		var data []byte
		err := r.Scan(&v.ID, &v.ColumnName, &v.LeadID, &data, timeCol{&v.CreatedAt})
		v.Data = json.RawMessage(data)
		return v, err
	})
	if err != nil {
		return nil, s.errorf("valuation records", err)
	}
	return out, nil
}
