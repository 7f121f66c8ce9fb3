package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

func (db *DB) SaveSignInCode(ctx context.Context, site string, c store.SignInCode) error {
	_, err := db.pool.Exec(ctx, `INSERT INTO sign_in_codes (site, phone, hash, salt, tries, created_at, expires_at)
VALUES ($1, $2, $3, $4, 0, $5, $6)
ON CONFLICT (site, phone) DO UPDATE SET hash = excluded.hash, salt = excluded.salt, tries = 0,
	created_at = excluded.created_at, expires_at = excluded.expires_at`,
		site, c.Phone, c.Hash, c.Salt, c.CreatedAt.UTC(), c.ExpiresAt.UTC())
	if err != nil {
		return fmt.Errorf("postgres: save sign-in code: %w", err)
	}
	return nil
}

func (db *DB) TrySignInCode(ctx context.Context, site, phone string, now time.Time, maxTries int) (store.SignInCode, bool, error) {
	c := store.SignInCode{Phone: phone}
	err := db.pool.QueryRow(ctx, `UPDATE sign_in_codes SET tries = tries + 1
WHERE site = $1 AND phone = $2 AND expires_at > $3 AND tries < $4
RETURNING hash, salt, created_at, expires_at`, site, phone, now.UTC(), maxTries).Scan(&c.Hash, &c.Salt, &c.CreatedAt, &c.ExpiresAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.SignInCode{}, false, nil
	}
	if err != nil {
		return store.SignInCode{}, false, fmt.Errorf("postgres: try sign-in code: %w", err)
	}
	return c, true, nil
}

func (db *DB) UseSignInCode(ctx context.Context, site, phone, hash string) (bool, error) {
	tag, err := db.pool.Exec(ctx, `DELETE FROM sign_in_codes WHERE site = $1 AND phone = $2 AND hash = $3`, site, phone, hash)
	if err != nil {
		return false, fmt.Errorf("postgres: use sign-in code: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// userID returns the id of the site's user with that phone, creating it.
func userID(ctx context.Context, tx pgx.Tx, site, phone string, now time.Time) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO users (site, phone, created_at) VALUES ($1, $2, $3)
ON CONFLICT (site, phone) DO UPDATE SET phone = excluded.phone RETURNING id`, site, phone, now.UTC()).Scan(&id)
	return id, err
}

func (db *DB) CreateSession(ctx context.Context, site string, s store.Session) error {
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		uid, err := userID(ctx, tx, site, s.Phone, s.CreatedAt)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE site = $1 AND expires_at <= $2`, site, s.CreatedAt.UTC()); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO sessions (token_hash, site, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
			s.TokenHash, site, uid, s.CreatedAt.UTC(), s.ExpiresAt.UTC())
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: create session: %w", err)
	}
	return nil
}

func (db *DB) SessionByToken(ctx context.Context, site, tokenHash string, now time.Time) (store.Session, error) {
	s := store.Session{TokenHash: tokenHash}
	err := db.pool.QueryRow(ctx, `SELECT u.phone, s.created_at, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
WHERE s.token_hash = $1 AND s.site = $2 AND u.site = $2 AND s.expires_at > $3`, tokenHash, site, now.UTC()).Scan(&s.Phone, &s.CreatedAt, &s.ExpiresAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Session{}, catalog.Errorf(catalog.ENotFound, "No session.")
	}
	if err != nil {
		return store.Session{}, fmt.Errorf("postgres: session: %w", err)
	}
	return s, nil
}

func (db *DB) DeleteSession(ctx context.Context, site, tokenHash string) error {
	if _, err := db.pool.Exec(ctx, `DELETE FROM sessions WHERE site = $1 AND token_hash = $2`, site, tokenHash); err != nil {
		return fmt.Errorf("postgres: delete session: %w", err)
	}
	return nil
}

func (db *DB) WatchlistCarIDs(ctx context.Context, site, phone string) ([]int64, error) {
	rows, err := db.pool.Query(ctx, `SELECT w.car_id FROM watchlist w JOIN users u ON u.id = w.user_id
WHERE w.site = $1 AND u.site = $1 AND u.phone = $2 ORDER BY w.created_at, w.car_id`, site, phone)
	if err != nil {
		return nil, fmt.Errorf("postgres: watchlist: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("postgres: watchlist: %w", err)
	}
	if ids == nil {
		ids = []int64{}
	}
	return ids, nil
}

func (db *DB) SaveWatchlistCar(ctx context.Context, site, phone string, carID int64, at time.Time) error {
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		uid, err := userID(ctx, tx, site, phone, at)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO watchlist (site, user_id, car_id, created_at) VALUES ($1, $2, $3, $4)
ON CONFLICT (site, user_id, car_id) DO NOTHING`, site, uid, carID, at.UTC())
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: save to watchlist: %w", err)
	}
	return nil
}

func (db *DB) RemoveWatchlistCar(ctx context.Context, site, phone string, carID int64) error {
	_, err := db.pool.Exec(ctx, `DELETE FROM watchlist WHERE site = $1 AND car_id = $2
AND user_id IN (SELECT id FROM users WHERE site = $1 AND phone = $3)`, site, carID, phone)
	if err != nil {
		return fmt.Errorf("postgres: remove from watchlist: %w", err)
	}
	return nil
}

const savedSearchColumns = "s.id, s.name, s.path, s.query, s.created_at, s.last_seen_at"

func scanSavedSearch(row pgx.Row) (store.SavedSearch, error) {
	var s store.SavedSearch
	err := row.Scan(&s.ID, &s.Name, &s.Path, &s.Query, &s.CreatedAt, &s.LastSeenAt)
	s.CreatedAt, s.LastSeenAt = s.CreatedAt.UTC(), s.LastSeenAt.UTC()
	return s, err
}

func (db *DB) SavedSearches(ctx context.Context, site, phone string) ([]store.SavedSearch, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+savedSearchColumns+` FROM saved_searches s JOIN users u ON u.id = s.user_id
WHERE s.site = $1 AND u.site = $1 AND u.phone = $2 ORDER BY s.created_at, s.id`, site, phone)
	if err != nil {
		return nil, fmt.Errorf("postgres: saved searches: %w", err)
	}
	defer rows.Close()
	out := []store.SavedSearch{}
	for rows.Next() {
		s, err := scanSavedSearch(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: saved searches: %w", err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func (db *DB) CreateSavedSearch(ctx context.Context, site, phone string, s store.SavedSearch, limit int) (store.SavedSearch, error) {
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		uid, err := userID(ctx, tx, site, phone, s.CreatedAt)
		if err != nil {
			return err
		}
		// The user row's lock (taken by the upsert) serialises a visitor's
		// concurrent saves, so the count cannot be raced past the limit.
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM saved_searches WHERE site = $1 AND user_id = $2`, site, uid).Scan(&n); err != nil {
			return err
		}
		if n >= limit {
			return catalog.Errorf(catalog.EInvalid, store.MsgSavedSearchLimit)
		}
		return tx.QueryRow(ctx, `INSERT INTO saved_searches (site, user_id, name, path, query, created_at, last_seen_at)
VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, site, uid, s.Name, s.Path, s.Query, s.CreatedAt.UTC(), s.LastSeenAt.UTC()).Scan(&s.ID)
	})
	if catalog.ErrorCode(err) == catalog.EInvalid {
		return store.SavedSearch{}, err
	}
	if err != nil {
		return store.SavedSearch{}, fmt.Errorf("postgres: save search: %w", err)
	}
	return s, nil
}

func (db *DB) DeleteSavedSearch(ctx context.Context, site, phone string, id int64) error {
	tag, err := db.pool.Exec(ctx, `DELETE FROM saved_searches WHERE site = $1 AND id = $2
AND user_id IN (SELECT id FROM users WHERE site = $1 AND phone = $3)`, site, id, phone)
	return savedSearchResult("delete saved search", tag, err)
}

func (db *DB) MarkSavedSearchSeen(ctx context.Context, site, phone string, id int64, at time.Time) error {
	tag, err := db.pool.Exec(ctx, `UPDATE saved_searches SET last_seen_at = $4 WHERE site = $1 AND id = $2
AND user_id IN (SELECT id FROM users WHERE site = $1 AND phone = $3)`, site, id, phone, at.UTC())
	return savedSearchResult("mark saved search seen", tag, err)
}

func savedSearchResult(what string, tag pgconn.CommandTag, err error) error {
	if err != nil {
		return fmt.Errorf("postgres: %s: %w", what, err)
	}
	if tag.RowsAffected() == 0 {
		return catalog.Errorf(catalog.ENotFound, "No such saved search.")
	}
	return nil
}

func (db *DB) LeadsByUser(ctx context.Context, site, phone string) ([]catalog.Lead, error) {
	rows, err := db.pool.Query(ctx, "SELECT "+leadColumns+" FROM leads WHERE site = $1 AND user_phone = $2 AND user_phone <> '' ORDER BY created_at DESC, id",
		site, phone)
	if err != nil {
		return nil, fmt.Errorf("postgres: leads by user: %w", err)
	}
	defer rows.Close()
	out := []catalog.Lead{}
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: leads by user: %w", err)
		}
		l.UserPhone = phone
		out = append(out, l)
	}
	return out, rows.Err()
}
