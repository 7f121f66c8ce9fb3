package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// QueryRowForTest lets the package's tests look at a node's own connections.
func (db *DB) QueryRowForTest(ctx context.Context, sql string, args ...any) pgx.Row {
	return db.pool.QueryRow(ctx, sql, args...)
}
