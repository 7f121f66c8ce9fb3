package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
)

func (s *Store) SaveSignInCode(ctx context.Context, site string, c store.SignInCode) error {
	_, err := s.exec(ctx, s.write, `INSERT INTO sign_in_codes (site, phone, hash, salt, asked_from, tries, created_at, expires_at)
VALUES (?, ?, ?, ?, ?, 0, ?, ?)
ON CONFLICT (site, phone) DO UPDATE SET hash = excluded.hash, salt = excluded.salt, asked_from = excluded.asked_from, tries = 0,
	created_at = excluded.created_at, expires_at = excluded.expires_at`,
		site, c.Phone, c.Hash, c.Salt, c.AskedFrom, s.at(c.CreatedAt), s.at(c.ExpiresAt))
	if err != nil {
		return s.errorf("save sign-in code", err)
	}
	return nil
}

func (s *Store) TrySignInCode(ctx context.Context, site, phone string, now time.Time, maxTries int) (store.SignInCode, bool, error) {
	c := store.SignInCode{Phone: phone}
	err := s.queryRow(ctx, s.write, `UPDATE sign_in_codes SET tries = tries + 1
WHERE site = ? AND phone = ? AND expires_at > ? AND tries < ?
RETURNING hash, salt, asked_from, created_at, expires_at`, site, phone, s.at(now), maxTries).
		Scan(&c.Hash, &c.Salt, &c.AskedFrom, timeCol{&c.CreatedAt}, timeCol{&c.ExpiresAt})
	if errors.Is(err, sql.ErrNoRows) {
		return store.SignInCode{}, false, nil
	}
	if err != nil {
		return store.SignInCode{}, false, s.errorf("try sign-in code", err)
	}
	return c, true, nil
}

func (s *Store) SignInCodeAsker(ctx context.Context, site, phone string, now time.Time) (string, error) {
	var asker string
	err := s.queryRow(ctx, s.read, `SELECT asked_from FROM sign_in_codes WHERE site = ? AND phone = ? AND expires_at > ?`,
		site, phone, s.at(now)).Scan(&asker)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", s.errorf("sign-in code asker", err)
	}
	return asker, nil
}

func (s *Store) UseSignInCode(ctx context.Context, site, phone, hash string) (bool, error) {
	n, err := affected(s.exec(ctx, s.write, `DELETE FROM sign_in_codes WHERE site = ? AND phone = ? AND hash = ?`, site, phone, hash))
	if err != nil {
		return false, s.errorf("use sign-in code", err)
	}
	return n == 1, nil
}

// userID returns the id of the site's user with that phone, creating it.
func (s *Store) userID(ctx context.Context, tx *sql.Tx, site, phone string, now time.Time) (int64, error) {
	var id int64
	// A new user's price-drop alerts count changes from now on.
	err := s.queryRow(ctx, tx, `INSERT INTO users (site, phone, created_at, price_drops_through) VALUES (?, ?, ?, `+latestPriceChange+`)
ON CONFLICT (site, phone) DO UPDATE SET phone = excluded.phone RETURNING id`, site, phone, s.at(now)).Scan(&id)
	return id, err
}

func (s *Store) CreateSession(ctx context.Context, site string, ss store.Session) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		uid, err := s.userID(ctx, tx, site, ss.Phone, ss.CreatedAt)
		if err != nil {
			return err
		}
		if _, err := s.exec(ctx, tx, `DELETE FROM sessions WHERE site = ? AND expires_at <= ?`, site, s.at(ss.CreatedAt)); err != nil {
			return err
		}
		_, err = s.exec(ctx, tx, `INSERT INTO sessions (token_hash, site, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
			ss.TokenHash, site, uid, s.at(ss.CreatedAt), s.at(ss.ExpiresAt))
		return err
	})
	if err != nil {
		return s.errorf("create session", err)
	}
	return nil
}

func (s *Store) SessionByToken(ctx context.Context, site, tokenHash string, now time.Time) (store.Session, error) {
	ss := store.Session{TokenHash: tokenHash}
	err := s.queryRow(ctx, s.read, `SELECT u.phone, s.created_at, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
WHERE s.token_hash = ? AND s.site = ? AND u.site = ? AND s.expires_at > ?`, tokenHash, site, site, s.at(now)).
		Scan(&ss.Phone, timeCol{&ss.CreatedAt}, timeCol{&ss.ExpiresAt})
	if errors.Is(err, sql.ErrNoRows) {
		return store.Session{}, catalog.Errorf(catalog.ENotFound, "No session.")
	}
	if err != nil {
		return store.Session{}, s.errorf("session", err)
	}
	return ss, nil
}

func (s *Store) DeleteSession(ctx context.Context, site, tokenHash string) error {
	if _, err := s.exec(ctx, s.write, `DELETE FROM sessions WHERE site = ? AND token_hash = ?`, site, tokenHash); err != nil {
		return s.errorf("delete session", err)
	}
	return nil
}

func (s *Store) WatchlistCarIDs(ctx context.Context, site, phone string) ([]int64, error) {
	rows, err := s.query(ctx, s.read, `SELECT w.car_id FROM watchlist w JOIN users u ON u.id = w.user_id
WHERE w.site = ? AND u.site = ? AND u.phone = ? ORDER BY w.created_at, w.car_id`, site, site, phone)
	ids, err := collect(rows, err, func(r *sql.Rows) (int64, error) {
		var id int64
		err := r.Scan(&id)
		return id, err
	})
	if err != nil {
		return nil, s.errorf("watchlist", err)
	}
	if ids == nil {
		ids = []int64{}
	}
	return ids, nil
}

func (s *Store) SaveWatchlistCar(ctx context.Context, site, phone string, carID int64, at time.Time) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		uid, err := s.userID(ctx, tx, site, phone, at)
		if err != nil {
			return err
		}
		_, err = s.exec(ctx, tx, `INSERT INTO watchlist (site, user_id, car_id, created_at) VALUES (?, ?, ?, ?)
ON CONFLICT (site, user_id, car_id) DO NOTHING`, site, uid, carID, s.at(at))
		return err
	})
	if err != nil {
		return s.errorf("save to watchlist", err)
	}
	return nil
}

func (s *Store) RemoveWatchlistCar(ctx context.Context, site, phone string, carID int64) error {
	_, err := s.exec(ctx, s.write, `DELETE FROM watchlist WHERE site = ? AND car_id = ?
AND user_id IN (SELECT id FROM users WHERE site = ? AND phone = ?)`, site, carID, site, phone)
	if err != nil {
		return s.errorf("remove from watchlist", err)
	}
	return nil
}

const savedSearchColumns = "s.id, s.name, s.path, s.query, s.created_at, s.last_seen_at, s.alert, s.alerted_at, s.alerted_through"

func scanSavedSearch(row *sql.Rows) (store.SavedSearch, error) {
	var s store.SavedSearch
	err := row.Scan(savedSearchDest(&s)...)
	return s, err
}

func savedSearchDest(s *store.SavedSearch) []any {
	return []any{&s.ID, &s.Name, &s.Path, &s.Query, timeCol{&s.CreatedAt}, timeCol{&s.LastSeenAt},
		&s.Alert, timeCol{&s.AlertedAt}, timeCol{&s.AlertedThrough}}
}

func (s *Store) SavedSearches(ctx context.Context, site, phone string) ([]store.SavedSearch, error) {
	rows, err := s.query(ctx, s.read, `SELECT `+savedSearchColumns+` FROM saved_searches s JOIN users u ON u.id = s.user_id
WHERE s.site = ? AND u.site = ? AND u.phone = ? ORDER BY s.created_at, s.id`, site, site, phone)
	out, err := collect(rows, err, scanSavedSearch)
	if err != nil {
		return nil, s.errorf("saved searches", err)
	}
	if out == nil {
		out = []store.SavedSearch{}
	}
	return out, nil
}

func (s *Store) CreateSavedSearch(ctx context.Context, site, phone string, ss store.SavedSearch, limit int) (store.SavedSearch, error) {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		uid, err := s.userID(ctx, tx, site, phone, ss.CreatedAt)
		if err != nil {
			return err
		}
		// The user row's lock (taken by the upsert, or the single writer)
		// serialises a visitor's concurrent saves, so the count cannot be
		// raced past the limit.
		var n int
		if err := s.queryRow(ctx, tx, `SELECT count(*) FROM saved_searches WHERE site = ? AND user_id = ?`, site, uid).Scan(&n); err != nil {
			return err
		}
		if n >= limit {
			return catalog.Errorf(catalog.EInvalid, store.MsgSavedSearchLimit)
		}
		ss.Alert = store.AlertDaily
		return s.queryRow(ctx, tx, `INSERT INTO saved_searches (site, user_id, name, path, query, created_at, last_seen_at, alert)
VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, site, uid, ss.Name, ss.Path, ss.Query, s.at(ss.CreatedAt), s.at(ss.LastSeenAt), ss.Alert).Scan(&ss.ID)
	})
	if catalog.ErrorCode(err) == catalog.EInvalid {
		return store.SavedSearch{}, err
	}
	if err != nil {
		return store.SavedSearch{}, s.errorf("save search", err)
	}
	return ss, nil
}

func (s *Store) DeleteSavedSearch(ctx context.Context, site, phone string, id int64) error {
	n, err := affected(s.exec(ctx, s.write, `DELETE FROM saved_searches WHERE site = ? AND id = ?
AND user_id IN (SELECT id FROM users WHERE site = ? AND phone = ?)`, site, id, site, phone))
	return s.savedSearchResult("delete saved search", n, err)
}

func (s *Store) MarkSavedSearchSeen(ctx context.Context, site, phone string, id int64, at time.Time) error {
	n, err := affected(s.exec(ctx, s.write, `UPDATE saved_searches SET last_seen_at = ? WHERE site = ? AND id = ?
AND user_id IN (SELECT id FROM users WHERE site = ? AND phone = ?)`, s.at(at), site, id, site, phone))
	return s.savedSearchResult("mark saved search seen", n, err)
}

func (s *Store) savedSearchResult(what string, n int, err error) error {
	if err != nil {
		return s.errorf(what, err)
	}
	if n == 0 {
		return catalog.Errorf(catalog.ENotFound, "No such saved search.")
	}
	return nil
}

func (s *Store) LeadsByUser(ctx context.Context, site, phone string) ([]catalog.Lead, error) {
	rows, err := s.query(ctx, s.read, "SELECT "+leadColumns+" FROM leads WHERE site = ? AND user_phone = ? AND user_phone <> '' ORDER BY created_at DESC, id",
		site, phone)
	out, err := collect(rows, err, scanLeads)
	if err != nil {
		return nil, s.errorf("leads by user", err)
	}
	for i := range out {
		out[i].UserPhone = phone
	}
	if out == nil {
		out = []catalog.Lead{}
	}
	return out, nil
}
