package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"forecourt/internal/ratelimit"
)

var _ ratelimit.Buckets = (*DB)(nil)

// Take takes a token from the key's bucket in the shared table, so one
// visitor is one visitor whichever node answers. The rule runs in one
// statement: a conflicting insert locks the key's row, so two nodes
// taking at once are counted one after the other.
func (db *DB) Take(ctx context.Context, key string, every time.Duration, burst int, now time.Time) (time.Duration, error) {
	db.sweepRateLimits(ctx, now)
	nowUS, everyUS := now.UnixMicro(), every.Microseconds()
	limitUS := int64(max(1, burst)) * everyUS
	var tat int64
	err := db.pool.QueryRow(ctx, `
		INSERT INTO rate_limits AS r (key, tat) VALUES ($1, $2::bigint + $3::bigint)
		ON CONFLICT (key) DO UPDATE SET tat = GREATEST(r.tat, $2::bigint) + $3::bigint
		WHERE GREATEST(r.tat, $2::bigint) + $3::bigint - $2::bigint <= $4::bigint
		RETURNING tat`, key, nowUS, everyUS, limitUS).Scan(&tat)
	if err == nil {
		return 0, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return 0, fmt.Errorf("postgres: rate limit: %w", err)
	}
	// Refused: the row was left as it was; say how long until a token.
	if err := db.pool.QueryRow(ctx, `SELECT tat FROM rate_limits WHERE key = $1`, key).Scan(&tat); err != nil {
		return 0, fmt.Errorf("postgres: rate limit: %w", err)
	}
	_, wait := ratelimit.Allow(time.UnixMicro(tat), now, every, burst)
	return max(wait, time.Microsecond), nil
}

// Give puts a token back.
func (db *DB) Give(ctx context.Context, key string, every time.Duration) error {
	if _, err := db.pool.Exec(ctx, `UPDATE rate_limits SET tat = tat - $2 WHERE key = $1`, key, every.Microseconds()); err != nil {
		return fmt.Errorf("postgres: rate limit: %w", err)
	}
	return nil
}

// sweepRateLimits deletes, at most once a minute per node, the buckets
// that have filled up again (a missing row is a full bucket).
func (db *DB) sweepRateLimits(ctx context.Context, now time.Time) {
	last := db.rateSweep.Load()
	if now.UnixMicro()-last < time.Minute.Microseconds() || !db.rateSweep.CompareAndSwap(last, now.UnixMicro()) {
		return
	}
	_, _ = db.pool.Exec(ctx, `DELETE FROM rate_limits WHERE tat < $1`, now.UnixMicro())
}
