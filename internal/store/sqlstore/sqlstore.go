// Package sqlstore implements store.Store once, on database/sql, for both
// databases Forecourt runs on: SQLite (modernc.org/sqlite) and PostgreSQL
// (pgx through its database/sql driver). Queries are written with ?
// placeholders and rebound for PostgreSQL. What must differ between the two
// is a Dialect value: how times are stored, how ids are locked and handed
// out, how a saved stock is announced and which driver code is a unique
// violation. The sqlite and postgres packages open the connections and add
// what only their database has (group commit, change notification, rate
// limits).
package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/store"
)

// Dialect is what one database does its own way.
type Dialect struct {
	// Name prefixes error messages: "sqlite", "postgres".
	Name string
	// Numbered placeholders ($1, $2, …) instead of ?.
	Numbered bool
	// Time encodes an instant for a timestamp column or a comparison with
	// one; NoTime stands for none in a column that may have none.
	Time   func(t time.Time) any
	NoTime any
	// ClaimLock ends the SELECT that picks deliveries to claim, so that
	// claimers on several nodes pass over each other's rows ("" when one
	// writer serialises every claim).
	ClaimLock string
	// Lock serialises, until tx ends, whatever else takes the same key
	// (id assignment of a table); nil when transactions are serial anyway.
	Lock func(ctx context.Context, tx *sql.Tx, key string) error
	// CarIDs hands out n fresh car ids, above every stored id and maxGiven;
	// car ids are unique across sites and never reused.
	CarIDs func(ctx context.Context, tx *sql.Tx, maxGiven int64, n int) ([]int64, error)
	// StockSaved runs in the transaction that saves a site's cars, so that
	// every node (or process) watching the stock hears of it once it commits.
	StockSaved func(ctx context.Context, tx *sql.Tx, site string) error
	// UniqueViolation reports, by the driver's error code, whether err is
	// a unique index refusing a row, and names the index when the driver
	// says which ("" when it does not; a primary key's refusal then has a
	// code of its own).
	UniqueViolation func(err error) (index string, ok bool)
	// GroupCommit, when set, runs write in a transaction shared with
	// other writes submitted meanwhile (each in its own savepoint) and
	// returns write's own error once that transaction has committed.
	GroupCommit func(ctx context.Context, write func(ctx context.Context, tx *sql.Tx) error) error
}

// Store is store.Store on database/sql.
type Store struct {
	d     Dialect
	read  *sql.DB // queries that only read
	write *sql.DB // everything that writes; may be read
}

var _ store.Store = (*Store)(nil)

// New makes a store over read and write, which may be the same pool.
// Close closes both.
func New(d Dialect, read, write *sql.DB) *Store {
	return &Store{d: d, read: read, write: write}
}

// Ping reports whether the database answers.
func (s *Store) Ping(ctx context.Context) error {
	return s.read.PingContext(ctx)
}

// Close closes the connection pools.
func (s *Store) Close() error {
	if s.read == s.write {
		return s.write.Close()
	}
	return errors.Join(s.read.Close(), s.write.Close())
}

// errorf wraps err with the dialect's name and what failed.
func (s *Store) errorf(what string, err error) error {
	return fmt.Errorf("%s: %s: %w", s.d.Name, what, err)
}

// q rewrites a query written with ? placeholders for the dialect.
func (s *Store) q(query string) string {
	if !s.d.Numbered {
		return query
	}
	return Rebind(query)
}

// Rebind numbers the ? placeholders of query ($1, $2, …), leaving quoted
// text and identifiers alone.
func Rebind(query string) string {
	var b strings.Builder
	b.Grow(len(query) + 16)
	n := 0
	var quote byte
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// querier is a pool or a transaction.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func (s *Store) exec(ctx context.Context, db querier, query string, args ...any) (sql.Result, error) {
	return db.ExecContext(ctx, s.q(query), args...)
}

func (s *Store) query(ctx context.Context, db querier, query string, args ...any) (*sql.Rows, error) {
	return db.QueryContext(ctx, s.q(query), args...)
}

func (s *Store) queryRow(ctx context.Context, db querier, query string, args ...any) *sql.Row {
	return db.QueryRowContext(ctx, s.q(query), args...)
}

// affected is how many rows a statement changed.
func affected(res sql.Result, err error) (int, error) {
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// collect scans every row with scan.
func collect[T any](rows *sql.Rows, err error, scan func(*sql.Rows) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// inTx runs fn in one write transaction, committing when fn succeeds.
func (s *Store) inTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func (s *Store) lock(ctx context.Context, tx *sql.Tx, key string) error {
	if s.d.Lock == nil {
		return nil
	}
	return s.d.Lock(ctx, tx, key)
}

// at encodes t for a timestamp column.
func (s *Store) at(t time.Time) any { return s.d.Time(t) }

// optional encodes t for a column where the zero time means none.
func (s *Store) optional(t time.Time) any {
	if t.IsZero() {
		return s.d.NoTime
	}
	return s.d.Time(t)
}

// TextTime is Dialect.Time for a database that keeps times as text: UTC,
// fixed width, so text order is time order.
func TextTime(t time.Time) any { return t.UTC().Format(timeLayout) }

// NativeTime is Dialect.Time for a database with a timestamp type.
func NativeTime(t time.Time) any { return t.UTC() }

// timeCol scans a timestamp column of either kind into a UTC time; NULL
// and "" are the zero time.
type timeCol struct{ t *time.Time }

func (c timeCol) Scan(v any) error {
	switch v := v.(type) {
	case nil:
		*c.t = time.Time{}
	case time.Time:
		*c.t = v.UTC()
	case string:
		return c.parse(v)
	case []byte:
		return c.parse(string(v))
	default:
		return fmt.Errorf("time column holds %T", v)
	}
	return nil
}

func (c timeCol) parse(v string) error {
	if v == "" {
		*c.t = time.Time{}
		return nil
	}
	t, err := time.Parse(timeLayout, v)
	if err != nil {
		return err
	}
	*c.t = t.UTC()
	return nil
}
