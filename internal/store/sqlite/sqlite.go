// Package sqlite implements store.Store on one SQLite file (pure Go driver,
// no cgo). Writes go through a single connection so concurrent writers queue
// in Go instead of failing with SQLITE_BUSY; reads use a pool over WAL.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"forecourt/internal/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// DB is a SQLite-backed store.
type DB struct {
	write     *sql.DB // exactly one connection: SQLite allows one writer
	read      *sql.DB
	leadQueue leadQueue // group commit of submitted leads
}

var _ store.Store = (*DB)(nil)

// Open opens (creating if needed) the database file at path and migrates it.
func Open(ctx context.Context, path string) (*DB, error) {
	if path == "" {
		return nil, errors.New("sqlite: empty database path")
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("sqlite: create directory: %w", err)
		}
	}
	pragmas := []string{"busy_timeout(5000)", "journal_mode(WAL)", "foreign_keys(1)", "synchronous(NORMAL)"}

	// BEGIN IMMEDIATE takes the write lock at the start of a transaction, so
	// a transaction that reads then writes cannot be refused halfway.
	// A large page cache keeps a bulk stock import from spilling to the WAL
	// mid-transaction.
	write, err := sql.Open("sqlite", dsn(path, append(pragmas[:len(pragmas):len(pragmas)], "cache_size(-65536)"), "_txlock=immediate"))
	if err != nil {
		return nil, fmt.Errorf("sqlite: open: %w", err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)

	db := &DB{write: write}
	if err := db.Migrate(ctx); err != nil {
		write.Close()
		return nil, err
	}

	// Readers are read-only so a write slipped onto the pool fails loudly
	// instead of racing the writer.
	read, err := sql.Open("sqlite", dsn(path, append(pragmas[:len(pragmas):len(pragmas)], "query_only(1)")))
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: open: %w", err)
	}
	n := max(4, runtime.GOMAXPROCS(0))
	read.SetMaxOpenConns(n)
	read.SetMaxIdleConns(n)
	db.read = read
	if err := read.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	return db, nil
}

func dsn(path string, pragmas []string, extra ...string) string {
	q := url.Values{}
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	s := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	for _, e := range extra {
		s += "&" + e
	}
	return s
}

// Migrate applies pending migrations; it is safe to call any number of times.
func (db *DB) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db.write, sub, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		return fmt.Errorf("sqlite: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("sqlite: migrate: %w", err)
	}
	return nil
}

// Close closes both connection pools.
// Ping reports whether the database file answers a query.
func (db *DB) Ping(ctx context.Context) error {
	return db.read.PingContext(ctx)
}

func (db *DB) Close() error {
	db.leadQueue.close()
	var errs []error
	if db.read != nil {
		errs = append(errs, db.read.Close())
	}
	errs = append(errs, db.write.Close())
	return errors.Join(errs...)
}

// inTx runs fn in one write transaction, committing when fn succeeds.
func (db *DB) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
