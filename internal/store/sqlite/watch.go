package sqlite

import (
	"context"
	"database/sql"
	"time"
)

// stockSaved bumps the site's stock version in the transaction that saves
// its cars, for every process watching the file.
func stockSaved(ctx context.Context, tx *sql.Tx, site string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO stock_versions (site, version) VALUES (?, 1)
ON CONFLICT (site) DO UPDATE SET version = version + 1`, site)
	return err
}

// StockPollInterval is how often WatchStock looks for stock saved by any
// process: a few rows read from the page cache.
var StockPollInterval = time.Second

// WatchStock calls changed with the site of every car save committed after
// it starts, by this process or another one on the same file (an import
// run beside the server), until ctx ends. It calls watching once, when it
// has read the versions it compares against: every save committed after
// that is heard. A failed read is tried again at the next tick.
func (db *DB) WatchStock(ctx context.Context, changed func(site string), watching func()) error {
	seen, err := db.stockVersions(ctx)
	for err != nil && ctx.Err() == nil {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(StockPollInterval):
		}
		seen, err = db.stockVersions(ctx)
	}
	if ctx.Err() != nil {
		return nil
	}
	watching()
	tick := time.NewTicker(StockPollInterval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
		now, err := db.stockVersions(ctx)
		if err != nil {
			continue
		}
		for site, v := range now {
			if seen[site] != v {
				changed(site)
			}
		}
		seen = now
	}
}

func (db *DB) stockVersions(ctx context.Context) (map[string]int64, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT site, version FROM stock_versions`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var site string
		var v int64
		if err := rows.Scan(&site, &v); err != nil {
			return nil, err
		}
		out[site] = v
	}
	return out, rows.Err()
}
