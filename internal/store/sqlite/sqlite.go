// Package sqlite runs the store on one SQLite file (pure Go driver, no
// cgo). Writes go through a single connection so concurrent writers queue
// in Go instead of failing with SQLITE_BUSY; reads use a pool over WAL.
// The queries are sqlstore's; this package opens the file and adds what
// only SQLite needs: the group commit of leads and the stock watcher.
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
	"modernc.org/sqlite" // registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"forecourt/internal/store"
	"forecourt/internal/store/sqlstore"
)

// migrations holds what only SQLite has; the rest are sqlstore's.
//
//go:embed migrations/*.sql
var migrations embed.FS

// DB is a SQLite-backed store.
type DB struct {
	*sqlstore.Store
	write     *sql.DB // exactly one connection: SQLite allows one writer
	read      *sql.DB
	leadQueue leadQueue // group commit of submitted leads
}

var _ store.Store = (*DB)(nil)

// schema spells the shared migrations' column types for SQLite. Times are
// fixed-width UTC text, so text order is time order.
var schema = sqlstore.Schema{
	Goose:        goose.DialectSQLite3,
	Int:          "INTEGER",
	JSON:         "TEXT",
	Time:         "TEXT",
	OptionalTime: "TEXT NOT NULL DEFAULT ''",
	Flag:         "INTEGER NOT NULL DEFAULT 0",
	Identity:     "INTEGER PRIMARY KEY AUTOINCREMENT",
	Serial:       "INTEGER PRIMARY KEY AUTOINCREMENT",
	IsSet:        "<> ''",
}

func (db *DB) dialect() sqlstore.Dialect {
	return sqlstore.Dialect{
		Name:            "sqlite",
		Time:            sqlstore.TextTime,
		NoTime:          "",
		CarIDs:          carIDs,
		StockSaved:      stockSaved,
		UniqueViolation: uniqueViolation,
		GroupCommit: func(ctx context.Context, write func(context.Context, *sql.Tx) error) error {
			return db.leadQueue.submit(ctx, db.write, write)
		},
	}
}

// carIDs hands out ids above the largest ever used (AUTOINCREMENT keeps it
// in sqlite_sequence, deleted cars included) and above maxGiven. The single
// writer makes this safe.
func carIDs(ctx context.Context, tx *sql.Tx, maxGiven int64, n int) ([]int64, error) {
	var last int64
	err := tx.QueryRowContext(ctx, `SELECT MAX(
	COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'cars'), 0),
	COALESCE((SELECT MAX(id) FROM cars), 0), ?)`, maxGiven).Scan(&last)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = last + 1 + int64(i)
	}
	return ids, nil
}

// uniqueViolation is SQLite's extended result code for a unique index
// refusing a row (a primary key has a code of its own). SQLite does not
// name the index in the code.
func uniqueViolation(err error) (string, bool) {
	var e *sqlite.Error
	if errors.As(err, &e) && e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE {
		return "", true
	}
	return "", false
}

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
	db.Store = sqlstore.New(db.dialect(), read, write)
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
	own, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	sc := schema
	sc.Own = own
	if err := sqlstore.Migrate(ctx, db.write, sc); err != nil {
		return fmt.Errorf("sqlite: %w", err)
	}
	return nil
}

// Close stops the group commit and closes both connection pools.
func (db *DB) Close() error {
	db.leadQueue.close()
	return db.Store.Close()
}
