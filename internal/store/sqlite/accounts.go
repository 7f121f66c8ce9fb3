package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/internal/entity"
)

func parseTime(s string) (time.Time, error) { return time.Parse(entity.TimeLayout, s) }

func (db *DB) SaveSignInCode(ctx context.Context, site string, c store.SignInCode) error {
	_, err := db.write.ExecContext(ctx, `INSERT INTO sign_in_codes (site, phone, hash, salt, tries, created_at, expires_at)
VALUES (?, ?, ?, ?, 0, ?, ?)
ON CONFLICT (site, phone) DO UPDATE SET hash = excluded.hash, salt = excluded.salt, tries = 0,
	created_at = excluded.created_at, expires_at = excluded.expires_at`,
		site, c.Phone, c.Hash, c.Salt, entity.TimeText(c.CreatedAt), entity.TimeText(c.ExpiresAt))
	if err != nil {
		return fmt.Errorf("sqlite: save sign-in code: %w", err)
	}
	return nil
}

func (db *DB) TrySignInCode(ctx context.Context, site, phone string, now time.Time, maxTries int) (store.SignInCode, bool, error) {
	c := store.SignInCode{Phone: phone}
	var created, expires string
	err := db.write.QueryRowContext(ctx, `UPDATE sign_in_codes SET tries = tries + 1
WHERE site = ? AND phone = ? AND expires_at > ? AND tries < ?
RETURNING hash, salt, created_at, expires_at`, site, phone, entity.TimeText(now), maxTries).Scan(&c.Hash, &c.Salt, &created, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return store.SignInCode{}, false, nil
	}
	if err != nil {
		return store.SignInCode{}, false, fmt.Errorf("sqlite: try sign-in code: %w", err)
	}
	c.CreatedAt, _ = parseTime(created)
	c.ExpiresAt, _ = parseTime(expires)
	return c, true, nil
}

func (db *DB) UseSignInCode(ctx context.Context, site, phone, hash string) (bool, error) {
	res, err := db.write.ExecContext(ctx, `DELETE FROM sign_in_codes WHERE site = ? AND phone = ? AND hash = ?`, site, phone, hash)
	if err != nil {
		return false, fmt.Errorf("sqlite: use sign-in code: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// userID returns the id of the site's user with that phone, creating it.
func userID(ctx context.Context, tx *sql.Tx, site, phone string, now time.Time) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO users (site, phone, created_at) VALUES (?, ?, ?)
ON CONFLICT (site, phone) DO UPDATE SET phone = excluded.phone RETURNING id`, site, phone, entity.TimeText(now)).Scan(&id)
	return id, err
}

func (db *DB) CreateSession(ctx context.Context, site string, s store.Session) error {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		uid, err := userID(ctx, tx, site, s.Phone, s.CreatedAt)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE site = ? AND expires_at <= ?`, site, entity.TimeText(s.CreatedAt)); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO sessions (token_hash, site, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
			s.TokenHash, site, uid, entity.TimeText(s.CreatedAt), entity.TimeText(s.ExpiresAt))
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: create session: %w", err)
	}
	return nil
}

func (db *DB) SessionByToken(ctx context.Context, site, tokenHash string, now time.Time) (store.Session, error) {
	s := store.Session{TokenHash: tokenHash}
	var created, expires string
	err := db.read.QueryRowContext(ctx, `SELECT u.phone, s.created_at, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
WHERE s.token_hash = ? AND s.site = ? AND u.site = ? AND s.expires_at > ?`, tokenHash, site, site, entity.TimeText(now)).Scan(&s.Phone, &created, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Session{}, catalog.Errorf(catalog.ENotFound, "No session.")
	}
	if err != nil {
		return store.Session{}, fmt.Errorf("sqlite: session: %w", err)
	}
	s.CreatedAt, _ = parseTime(created)
	s.ExpiresAt, _ = parseTime(expires)
	return s, nil
}

func (db *DB) DeleteSession(ctx context.Context, site, tokenHash string) error {
	if _, err := db.write.ExecContext(ctx, `DELETE FROM sessions WHERE site = ? AND token_hash = ?`, site, tokenHash); err != nil {
		return fmt.Errorf("sqlite: delete session: %w", err)
	}
	return nil
}

func (db *DB) WatchlistCarIDs(ctx context.Context, site, phone string) ([]int64, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT w.car_id FROM watchlist w JOIN users u ON u.id = w.user_id
WHERE w.site = ? AND u.site = ? AND u.phone = ? ORDER BY w.created_at, w.car_id`, site, site, phone)
	if err != nil {
		return nil, fmt.Errorf("sqlite: watchlist: %w", err)
	}
	defer rows.Close()
	out := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("sqlite: watchlist: %w", err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

func (db *DB) SaveWatchlistCar(ctx context.Context, site, phone string, carID int64, at time.Time) error {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		uid, err := userID(ctx, tx, site, phone, at)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO watchlist (site, user_id, car_id, created_at) VALUES (?, ?, ?, ?)
ON CONFLICT (site, user_id, car_id) DO NOTHING`, site, uid, carID, entity.TimeText(at))
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: save to watchlist: %w", err)
	}
	return nil
}

func (db *DB) RemoveWatchlistCar(ctx context.Context, site, phone string, carID int64) error {
	_, err := db.write.ExecContext(ctx, `DELETE FROM watchlist WHERE site = ? AND car_id = ?
AND user_id IN (SELECT id FROM users WHERE site = ? AND phone = ?)`, site, carID, site, phone)
	if err != nil {
		return fmt.Errorf("sqlite: remove from watchlist: %w", err)
	}
	return nil
}

const savedSearchColumns = "s.id, s.name, s.path, s.query, s.created_at, s.last_seen_at"

func scanSavedSearch(row interface{ Scan(...any) error }) (store.SavedSearch, error) {
	var s store.SavedSearch
	var created, seen string
	if err := row.Scan(&s.ID, &s.Name, &s.Path, &s.Query, &created, &seen); err != nil {
		return s, err
	}
	s.CreatedAt, _ = parseTime(created)
	s.LastSeenAt, _ = parseTime(seen)
	return s, nil
}

func (db *DB) SavedSearches(ctx context.Context, site, phone string) ([]store.SavedSearch, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+savedSearchColumns+` FROM saved_searches s JOIN users u ON u.id = s.user_id
WHERE s.site = ? AND u.site = ? AND u.phone = ? ORDER BY s.created_at, s.id`, site, site, phone)
	if err != nil {
		return nil, fmt.Errorf("sqlite: saved searches: %w", err)
	}
	defer rows.Close()
	out := []store.SavedSearch{}
	for rows.Next() {
		s, err := scanSavedSearch(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: saved searches: %w", err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func (db *DB) CreateSavedSearch(ctx context.Context, site, phone string, s store.SavedSearch, limit int) (store.SavedSearch, error) {
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		uid, err := userID(ctx, tx, site, phone, s.CreatedAt)
		if err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM saved_searches WHERE site = ? AND user_id = ?`, site, uid).Scan(&n); err != nil {
			return err
		}
		if n >= limit {
			return catalog.Errorf(catalog.EInvalid, store.MsgSavedSearchLimit)
		}
		return tx.QueryRowContext(ctx, `INSERT INTO saved_searches (site, user_id, name, path, query, created_at, last_seen_at)
VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, site, uid, s.Name, s.Path, s.Query, entity.TimeText(s.CreatedAt), entity.TimeText(s.LastSeenAt)).Scan(&s.ID)
	})
	if catalog.ErrorCode(err) == catalog.EInvalid {
		return store.SavedSearch{}, err
	}
	if err != nil {
		return store.SavedSearch{}, fmt.Errorf("sqlite: save search: %w", err)
	}
	return s, nil
}

func (db *DB) DeleteSavedSearch(ctx context.Context, site, phone string, id int64) error {
	res, err := db.write.ExecContext(ctx, `DELETE FROM saved_searches WHERE site = ? AND id = ?
AND user_id IN (SELECT id FROM users WHERE site = ? AND phone = ?)`, site, id, site, phone)
	return savedSearchResult("delete saved search", res, err)
}

func (db *DB) MarkSavedSearchSeen(ctx context.Context, site, phone string, id int64, at time.Time) error {
	res, err := db.write.ExecContext(ctx, `UPDATE saved_searches SET last_seen_at = ? WHERE site = ? AND id = ?
AND user_id IN (SELECT id FROM users WHERE site = ? AND phone = ?)`, entity.TimeText(at), site, id, site, phone)
	return savedSearchResult("mark saved search seen", res, err)
}

func savedSearchResult(what string, res sql.Result, err error) error {
	if err != nil {
		return fmt.Errorf("sqlite: %s: %w", what, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return catalog.Errorf(catalog.ENotFound, "No such saved search.")
	}
	return nil
}

func (db *DB) LeadsByUser(ctx context.Context, site, phone string) ([]catalog.Lead, error) {
	rows, err := db.read.QueryContext(ctx, "SELECT "+leadColumns+" FROM leads WHERE site = ? AND user_phone = ? AND user_phone <> '' ORDER BY created_at DESC, id",
		site, phone)
	if err != nil {
		return nil, fmt.Errorf("sqlite: leads by user: %w", err)
	}
	defer rows.Close()
	out := []catalog.Lead{}
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: leads by user: %w", err)
		}
		l.UserPhone = phone
		out = append(out, l)
	}
	return out, rows.Err()
}
