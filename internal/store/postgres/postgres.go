// Package postgres implements store.Store on PostgreSQL through pgx, for
// running several stateless web nodes over one database.
package postgres

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"forecourt/internal/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB is a PostgreSQL-backed store.
type DB struct {
	pool *pgxpool.Pool
	// rateSweep is when (Unix microseconds) this node last cleared full
	// rate-limit buckets.
	rateSweep atomic.Int64
}

var _ store.Store = (*DB)(nil)

// Open connects to databaseURL and migrates the database.
func Open(ctx context.Context, databaseURL string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	applyTimeouts(cfg)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	db := &DB{pool: pool}
	if err := db.Migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return db, nil
}

// The timeouts a node runs with unless DATABASE_URL sets its own
// (connect_timeout in seconds; statement_timeout and
// idle_in_transaction_session_timeout in milliseconds). They are chosen
// so that nothing waits on an unreachable or stuck database for long:
// a buyer's write gives up sooner still (its request has a deadline), and
// a new connection is tried on the next request.
const (
	DefaultConnectTimeout      = 2 * time.Second
	DefaultStatementTimeout    = 30 * time.Second
	DefaultIdleInTxTimeout     = 60 * time.Second
	DefaultHealthCheckInterval = 5 * time.Second
)

func applyTimeouts(cfg *pgxpool.Config) {
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = DefaultConnectTimeout
	}
	params := cfg.ConnConfig.RuntimeParams
	if _, ok := params["statement_timeout"]; !ok {
		params["statement_timeout"] = strconv.FormatInt(DefaultStatementTimeout.Milliseconds(), 10)
	}
	if _, ok := params["idle_in_transaction_session_timeout"]; !ok {
		params["idle_in_transaction_session_timeout"] = strconv.FormatInt(DefaultIdleInTxTimeout.Milliseconds(), 10)
	}
	// Idle connections are checked this often, so those a database
	// restart broke are replaced before a buyer's request meets them.
	cfg.HealthCheckPeriod = DefaultHealthCheckInterval
}

// Migrate applies pending migrations; it is safe to call any number of
// times, and from several nodes at once (a session lock serialises them).
func (db *DB) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return err
	}
	sqlDB := stdlib.OpenDBFromPool(db.pool)
	defer sqlDB.Close()
	p, err := goose.NewProvider(goose.DialectPostgres, sqlDB, sub,
		goose.WithSessionLocker(locker), goose.WithDisableGlobalRegistry(true))
	if err != nil {
		return fmt.Errorf("postgres: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	return nil
}

// Ping reports whether PostgreSQL answers.
func (db *DB) Ping(ctx context.Context) error {
	return db.pool.Ping(ctx)
}

// PoolStat is the connection pool's use, for the operators' metrics.
func (db *DB) PoolStat() *pgxpool.Stat {
	return db.pool.Stat()
}

// Close closes the connection pool.
func (db *DB) Close() error {
	db.pool.Close()
	return nil
}

// inTx runs fn in one transaction, committing when fn succeeds.
func (db *DB) inTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, db.pool, fn)
}
