package store

import (
	"context"
	"encoding/json"
	"time"
)

// ValuationRecord is one result the site keeps through POST /api/miscellaneous
// (docs/behaviour/calls.md): a trade-in valuation, linked to its lead when known.
type ValuationRecord struct {
	ID         int64
	ColumnName string // 'valuation'
	LeadID     string
	Data       json.RawMessage // the valuation as the browser sent it
	CreatedAt  time.Time
}

// ValuationStore keeps valuation results per site.
type ValuationStore interface {
	// SaveValuationRecord stores the record and returns its id.
	SaveValuationRecord(ctx context.Context, site string, rec ValuationRecord) (int64, error)
	// ValuationRecords returns the site's records, oldest first.
	ValuationRecords(ctx context.Context, site string) ([]ValuationRecord, error)
}
